package io.tenantfabric.controller.console;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the console's browser tests write screenshots: {@code FABRIC_CONSOLE_SCREENSHOTS} names a
 * directory ({@code bin/console-screenshots} sets it to {@code docs/console}); unset, as in CI,
 * nothing is written.
 */
final class ConsoleScreenshots {

  private ConsoleScreenshots() {}

  static Optional<Path> directory() {
    String dir = System.getenv("FABRIC_CONSOLE_SCREENSHOTS");
    return dir == null || dir.isBlank() ? Optional.empty() : Optional.of(Path.of(dir));
  }
}
