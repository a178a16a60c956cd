#!/usr/bin/env bash
# NETCONF client benchmark against 320 in-process emulated switches (southbound-netconf NetconfBench).
# Usage: bench/netconf-bench.sh [-Dbench.rpcs=2000 -Dbench.concurrent=32 ...]   (extra args go to java)
# Builds into its own directory (BUILD_DIR, default target-bench) so it never touches target/.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${BUILD_DIR:-target-bench}"
# Offline by default; MVN_OFFLINE= (empty) lets Maven download what is missing the first time.
MVN_OFFLINE="${MVN_OFFLINE--o}"

# Compile main and test classes of southbound-netconf and its reactor dependencies (the emulator is a
# test dependency), and write the module's test classpath next to its classes.
./mvnw -B -q $MVN_OFFLINE -Dbuild.dir="$BUILD_DIR" -Dspotless.check.skip=true -DskipTests \
  -pl southbound-netconf -am test-compile dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile="$BUILD_DIR/bench.classpath"

MODULE=southbound-netconf/$BUILD_DIR
CP="$MODULE/test-classes:$MODULE/classes:$(cat "$MODULE/bench.classpath")"
exec java -Xms1g -Xmx4g -XX:+UseG1GC \
  -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  "$@" -cp "$CP" io.tenantfabric.southbound.bench.NetconfBench
