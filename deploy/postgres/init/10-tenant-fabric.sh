#!/bin/bash
# The database of tenant-fabric and its two roles (docs/security.md, "Database roles"): the owner,
# which runs the migrate step and owns the database, and the runtime role the service runs as.
# The postgres image runs this once, as its superuser, when the data directory is empty.
set -euo pipefail

for v in FABRIC_DB_NAME FABRIC_DB_OWNER_USER FABRIC_DB_OWNER_PASSWORD FABRIC_DB_USER FABRIC_DB_PASSWORD; do
  if [ -z "${!v:-}" ]; then
    # PostgreSQL stores an empty password as none, and the network login needs one
    echo "tenant-fabric init: $v is empty" >&2
    exit 1
  fi
done
for v in POSTGRES_PASSWORD FABRIC_DB_OWNER_PASSWORD FABRIC_DB_PASSWORD; do
  case "${!v:-}" in
    change-me*)
      # .env.example's placeholders are public: a database must never keep one
      echo "tenant-fabric init: $v is still the placeholder of .env.example; set it in .env" >&2
      exit 1
      ;;
  esac
done
if [ "$FABRIC_DB_OWNER_USER" = "$FABRIC_DB_USER" ]; then
  echo "tenant-fabric init: FABRIC_DB_OWNER_USER and FABRIC_DB_USER must differ" >&2
  exit 1
fi

# psql variables, so that names and passwords are quoted by psql, never pasted into SQL
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v db="$FABRIC_DB_NAME" \
  -v owner="$FABRIC_DB_OWNER_USER" -v owner_password="$FABRIC_DB_OWNER_PASSWORD" \
  -v runtime="$FABRIC_DB_USER" -v runtime_password="$FABRIC_DB_PASSWORD" <<'SQL'
-- the passwords are stored as SCRAM verifiers, whatever the server's default
SET password_encryption = 'scram-sha-256';
CREATE ROLE :"owner" LOGIN PASSWORD :'owner_password';
CREATE ROLE :"runtime" LOGIN PASSWORD :'runtime_password';
-- PostgreSQL 15: schema public belongs to pg_database_owner, so the owner role may create in it
-- and the runtime role may not; the migrate step grants the runtime role what it needs
CREATE DATABASE :"db" OWNER :"owner";
-- PostgreSQL grants CONNECT and TEMPORARY on every new database to PUBLIC: any other login of
-- the cluster could connect, take the advisory locks the controller relies on, and shadow its
-- tables with temporary ones. Only the two roles connect; the owner keeps TEMPORARY as owner.
REVOKE CONNECT, TEMPORARY ON DATABASE :"db" FROM PUBLIC;
GRANT CONNECT ON DATABASE :"db" TO :"owner", :"runtime";
SQL
