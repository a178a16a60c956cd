package io.tenantfabric.demo;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.IntPredicate;

/**
 * Which PostgreSQL the demo uses: the configured one ({@code FABRIC_DB_URL}), else a local server
 * that answers on 127.0.0.1, else an embedded one. A configured server is never replaced by
 * another: if it does not answer, that is an error ({@link DemoRun}).
 */
sealed interface DatabaseChoice {

  /** {@code FABRIC_DB_URL} as given. */
  record Configured(String url) implements DatabaseChoice {}

  /** A PostgreSQL server already running on 127.0.0.1:{@code port}. */
  record LocalServer(int port) implements DatabaseChoice {}

  /** An embedded PostgreSQL in the data directory. */
  record Embedded() implements DatabaseChoice {}

  /** Decides; {@code answers} tells whether PostgreSQL answers on a loopback port. */
  static DatabaseChoice choose(
      Optional<String> configuredUrl, OptionalInt localPort, IntPredicate answers) {
    if (configuredUrl.isPresent()) {
      return new Configured(configuredUrl.get());
    }
    if (localPort.isPresent() && answers.test(localPort.getAsInt())) {
      return new LocalServer(localPort.getAsInt());
    }
    return new Embedded();
  }
}
