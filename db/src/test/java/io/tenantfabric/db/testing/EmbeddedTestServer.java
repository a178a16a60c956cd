package io.tenantfabric.db.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.util.UUID;

/**
 * One embedded PostgreSQL (zonky, the server binaries from Maven Central) for the tests of this JVM
 * when {@code FABRIC_TEST_DB_URL} is not set: no Docker and no installed server needed. Stopped,
 * and its data directory deleted, when the JVM exits.
 */
final class EmbeddedTestServer {

  private EmbeddedTestServer() {}

  /** Starts the server on a free loopback port; its superuser is {@code postgres} (trust). */
  static TestDatabases.Server start() throws IOException {
    // Under zonky's working directory (java.io.tmpdir/embedded-pg): a later start there stops and
    // deletes what a killed test JVM left behind (a directory whose lock is free and older than
    // 10 minutes).
    Path dir =
        Path.of(
            System.getProperty("java.io.tmpdir"),
            "embedded-pg",
            "tf-test-" + UUID.randomUUID().toString().substring(0, 8));
    EmbeddedPostgres pg =
        EmbeddedPostgres.builder()
            .setDataDirectory(dir)
            .setCleanDataDirectory(true)
            .setServerConfig("listen_addresses", "127.0.0.1")
            .start();
    return new TestDatabases.Server(
        "jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/postgres", "postgres", "");
  }
}
