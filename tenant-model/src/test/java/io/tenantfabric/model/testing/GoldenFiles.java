package io.tenantfabric.model.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Compares text with src/test/resources/golden/AREA/NAME; {@code -Dgolden.update=true} rewrites the
 * file (then review the diff before committing it). Same mechanism as southbound's Golden.
 */
public final class GoldenFiles {
  private GoldenFiles() {}

  public static void assertMatches(String area, String name, String actual) {
    Path dir = Path.of("src/test/resources/golden", area);
    Path file = dir.resolve(name);
    try {
      if (Boolean.getBoolean("golden.update")) {
        Files.createDirectories(dir);
        Files.writeString(file, actual, StandardCharsets.UTF_8);
      }
      assertThat(file)
          .as("golden file %s (run with -Dgolden.update=true to create)", file)
          .exists();
      assertThat(actual)
          .as("golden %s/%s", area, name)
          .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
