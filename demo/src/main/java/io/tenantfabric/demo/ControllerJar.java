package io.tenantfabric.demo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The controller's runnable jar that the build put inside {@code demo.jar}, written out to be run
 * as {@code java -jar}, exactly as production runs it.
 */
final class ControllerJar {
  static final String RESOURCE = "/tenant-fabric/controller-app.jar";

  private ControllerJar() {}

  /** Writes the jar into {@code dir} (replacing an older one) and returns its path. */
  static Path extract(Path dir) throws IOException, DemoException {
    Path jar = dir.resolve("controller-app.jar");
    try (InputStream in = ControllerJar.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new DemoException(
            "this demo was not started from its built jar (no "
                + RESOURCE
                + " inside): build it with ./mvnw -B -DskipTests package and run java -jar"
                + " demo/target/demo.jar, or bin/dev-fabric");
      }
      Path tmp = Files.createTempFile(dir, "controller-app", ".tmp");
      Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
      Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
    return jar;
  }
}
