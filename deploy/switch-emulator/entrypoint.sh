#!/bin/sh
# Starts the emulator with the given flags. An inventory left by an earlier start is removed
# first: the emulator writes the new one only once every switch listens, so its presence tells
# the controller (and the healthcheck) that this start is ready.
set -eu
case "${EMULATOR_PASSWORD:-}" in
  change-me*)
    # .env.example's placeholders are public: switches must never take one
    echo "switch-emulator: EMULATOR_PASSWORD is still the placeholder of .env.example; set it in .env" >&2
    exit 1
    ;;
esac
prev=
for arg in "$@"; do
  if [ "$prev" = "--inventory-out" ]; then
    rm -f -- "$arg"
  fi
  prev=$arg
done
exec java ${JAVA_OPTS:-} -jar /opt/switch-emulator/switch-emulator.jar "$@"
