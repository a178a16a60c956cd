package io.tenantfabric.model.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Compares text with src/test/resources/golden/verify/NAME; {@code -Dgolden.update=true} rewrites
 * the file (then review the diff before committing it). Same mechanism as the compiler's Golden.
 */
final class Golden {
  private static final Path DIR = Path.of("src/test/resources/golden/verify");

  private Golden() {}

  static void assertMatches(String name, String actual) {
    Path file = DIR.resolve(name);
    try {
      if (Boolean.getBoolean("golden.update")) {
        Files.createDirectories(DIR);
        Files.writeString(file, actual, StandardCharsets.UTF_8);
      }
      assertThat(file)
          .as("golden file %s (run with -Dgolden.update=true to create)", file)
          .exists();
      assertThat(actual)
          .as("golden %s", name)
          .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
