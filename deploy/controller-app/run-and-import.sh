#!/bin/sh
# Runs the controller and defines the fabric from the emulator's inventory, as bin/dev-fabric
# does: waits for the inventory file, starts the service, and once it is ready sends
# PUT /api/v1/fabric {"preset": FABRIC_PRESET, "devices": [...the inventory's devices...]}.
# A refused import (say 409 "Host key changed") stops the service with the problem printed.
#
# Environment: FABRIC_BOOTSTRAP_TOKEN (the OPERATOR token the import uses; when empty, one is
# generated into FABRIC_STATE_DIR/operator-token), FABRIC_PRESET (default h3c-s9825-1024),
# FABRIC_INVENTORY, FABRIC_STATE_DIR (defaults below), FABRIC_INVENTORY_WAIT (seconds, default
# 180), JAVA_OPTS, and everything the service reads (docs/configuration.md).
set -eu

inventory="${FABRIC_INVENTORY:-/var/lib/tenant-fabric/inventory/inventory.json}"
preset="${FABRIC_PRESET:-h3c-s9825-1024}"
port="${SERVER_PORT:-8080}"
state="${FABRIC_STATE_DIR:-/var/lib/tenant-fabric/state}"
case "$preset" in
  '' | *[!a-z0-9-]*) echo "run-and-import: FABRIC_PRESET '$preset' is not a preset name" >&2; exit 2 ;;
esac
if [ -z "${FABRIC_BOOTSTRAP_TOKEN:-}" ]; then
  # Generated once and kept (0600) on the state volume: the service creates the bootstrap token
  # only while no usable OPERATOR token exists, so a new one at every start would lock the
  # import of the next start out.
  token_file="$state/operator-token"
  if [ ! -s "$token_file" ]; then
    (umask 077 && printf 'tf_compose_%s\n' \
      "$(head -c 24 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')" > "$token_file")
    echo "run-and-import: generated the OPERATOR token; read it with: docker-compose exec controller-app cat $token_file"
  fi
  FABRIC_BOOTSTRAP_TOKEN="$(cat "$token_file")"
  export FABRIC_BOOTSTRAP_TOKEN
fi

waited=0
until [ -s "$inventory" ]; do
  if [ "$waited" -ge "${FABRIC_INVENTORY_WAIT:-180}" ]; then
    echo "run-and-import: no inventory at $inventory after $waited s" >&2
    exit 1
  fi
  sleep 1
  waited=$((waited + 1))
done

(
  until curl -fsS -o /dev/null "http://127.0.0.1:$port/actuator/health/readiness" 2>/dev/null; do
    # $$ is the service (exec below keeps the pid): when it has gone, there is nothing to import to
    kill -0 $$ 2>/dev/null || exit 0
    sleep 1
  done
  # the token in a file readable by this user only, not on a command line that ps shows
  umask 077
  header="$(mktemp)"
  printf 'Authorization: Bearer %s\n' "$FABRIC_BOOTSTRAP_TOKEN" > "$header"
  # The emulator writes the inventory as one JSON object, its first byte '{': the body is that
  # object with "preset" put in front (the JRE image has no JSON tool).
  status="$({ printf '{"preset": "%s", ' "$preset"; tail -c +2 "$inventory"; } \
    | curl -sS -o /tmp/fabric.json -w '%{http_code}' -X PUT -H @"$header" \
        -H 'Content-Type: application/json' --data-binary @- \
        "http://127.0.0.1:$port/api/v1/fabric")" || true
  rm -f "$header"
  case "$status" in
    200 | 201) echo "run-and-import: PUT /api/v1/fabric -> $status" ;;
    *)
      echo "run-and-import: PUT /api/v1/fabric -> $status, stopping: $(cat /tmp/fabric.json 2>/dev/null)" >&2
      kill -TERM $$
      ;;
  esac
) &

exec java ${JAVA_OPTS:-} -jar /opt/tenant-fabric/controller-app.jar
