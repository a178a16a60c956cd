package io.tenantfabric.model.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.opentest4j.AssertionFailedError;

/**
 * Compares text with the module's src/test/resources/golden/[AREA/]NAME, showing a line diff on
 * mismatch; {@code -Dgolden.update=true} rewrites every file and {@code -Dgolden.create=true}
 * writes only missing ones (then review the diff before committing it).
 */
public final class GoldenFiles {
  private static final Path ROOT = Path.of("src/test/resources/golden");

  private GoldenFiles() {}

  /** Compares {@code actual} with golden/NAME. */
  public static void assertMatches(String name, String actual) {
    check(ROOT, name, name, actual);
  }

  /** Compares {@code actual} with golden/AREA/NAME. */
  public static void assertMatches(String area, String name, String actual) {
    check(ROOT.resolve(area), name, area + "/" + name, actual);
  }

  private static void check(Path dir, String name, String label, String actual) {
    Path file = dir.resolve(name);
    try {
      if (Boolean.getBoolean("golden.update")
          || !Files.exists(file) && Boolean.getBoolean("golden.create")) {
        Files.createDirectories(dir);
        Files.writeString(file, actual, StandardCharsets.UTF_8);
      }
      assertThat(file)
          .as("golden file %s (run with -Dgolden.update=true to create)", file)
          .exists();
      String expected = Files.readString(file, StandardCharsets.UTF_8);
      if (!actual.equals(expected)) {
        // The expected and actual values ride along so that IDEs still offer their own comparison.
        throw new AssertionFailedError(
            "golden "
                + label
                + " differs (- golden, + actual; -Dgolden.update=true accepts the actual):\n"
                + LineDiff.unified(expected, actual),
            expected,
            actual);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
