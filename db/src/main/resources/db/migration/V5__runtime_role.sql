-- Least privilege (security review 2026-11-30, finding 5). Forward-only.
--
-- Migrations run as the schema owner (FABRIC_DB_OWNER_USER); the service connects as the runtime
-- role ${runtime_role} (FABRIC_DB_USER), which may read and write business rows and nothing else:
-- no DDL, no TRUNCATE, no TRIGGER, and on audit_events only SELECT and INSERT, so that the
-- insert-only audit trail is enforced by privileges, not only by triggers the owner could drop.
-- The service refuses to start as a superuser or as the owner (SchemaGuard).
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${runtime_role}') THEN
        RAISE EXCEPTION 'runtime role "%" does not exist: create it before migrating (README, Configuration; docs/upgrade.md)',
            '${runtime_role}';
    END IF;
    IF '${runtime_role}' = current_user THEN
        RAISE EXCEPTION 'the runtime role must not be the schema owner "%": use two roles', current_user;
    END IF;
    IF (SELECT rolsuper FROM pg_roles WHERE rolname = '${runtime_role}') THEN
        RAISE EXCEPTION 'the runtime role "%" is a superuser: a superuser can switch the audit trail''s triggers off',
            '${runtime_role}';
    END IF;

    EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I', current_schema(), '${runtime_role}');

    -- tables of V1..V4
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO %I',
                   current_schema(), '${runtime_role}');
    EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO %I',
                   current_schema(), '${runtime_role}');
    -- and every table and sequence later migrations create (they run as this same owner)
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I',
                   current_schema(), '${runtime_role}');
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT USAGE, SELECT ON SEQUENCES TO %I',
                   current_schema(), '${runtime_role}');

    -- the audit trail: read and append only
    EXECUTE format('REVOKE UPDATE, DELETE ON audit_events FROM %I', '${runtime_role}');

    -- Flyway's history: the service validates the schema against it and never writes it
    EXECUTE format('REVOKE INSERT, UPDATE, DELETE ON ${flyway:table} FROM %I', '${runtime_role}');
END $$;
