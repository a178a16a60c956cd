package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.tenantfabric.emulator.topology.FabricLayouts;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * ncclient (Debian python3-ncclient, /usr/bin/python3) against the emulator with the h3c and
 * default handlers, in both framings. Fails (never skips) when python3 or ncclient is missing.
 */
class NcclientInteropIT {
  static final String PYTHON = "/usr/bin/python3";
  static Path script;

  @BeforeAll
  static void requireNcclient() throws Exception {
    if (!Files.isExecutable(Path.of(PYTHON))) {
      fail(
          PYTHON
              + " is missing: install python3 and python3-ncclient (apt-get install python3-ncclient)");
    }
    Process p =
        new ProcessBuilder(PYTHON, "-c", "import ncclient").redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      fail(
          "ncclient is not importable by "
              + PYTHON
              + ": install python3-ncclient (apt-get install python3-ncclient)\n"
              + out);
    }
    script = Files.createTempFile("ncclient_interop", ".py");
    try (InputStream in = NcclientInteropIT.class.getResourceAsStream("/ncclient_interop.py")) {
      Files.write(script, in.readAllBytes());
    }
  }

  @ParameterizedTest(name = "handler {0}, base:{1}")
  @CsvSource({"h3c,1.1", "h3c,1.0", "default,1.1", "default,1.0"})
  void ncclientCompletesEveryStep(String handler, String framing) throws Exception {
    EmulatorOptions o =
        EmulatorOptions.builder()
            .preset(FabricLayouts.MINI)
            .leavesOnly(true)
            .advertiseBase11(framing.equals("1.1"))
            .build();
    try (EmulatedFabric fabric = EmulatedFabric.start(o)) {
      EmulatedDevice d = fabric.device("leaf-01");
      Process p =
          new ProcessBuilder(
                  PYTHON,
                  script.toString(),
                  d.host(),
                  Integer.toString(d.port()),
                  "admin",
                  "admin",
                  handler,
                  framing)
              .redirectErrorStream(true)
              .start();
      String out = readAll(p);
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("ncclient finished").isTrue();
      assertThat(out)
          .contains(
              "OK hello session-id=",
              "framing=" + framing,
              "OK get IfIndex=5",
              "OK lock",
              "OK edit-config",
              "OK unlock",
              "OK get-config VxlanID=10042")
          .contains("DONE");
      if (handler.equals("h3c")) {
        assertThat(out).contains("OK get-bulk");
      }
      assertThat(p.exitValue()).as(out).isZero();
      assertThat(d.runningXml()).contains("<VsiName>t-nc-" + handler + "</VsiName>");
    }
  }

  private static String readAll(Process p) throws IOException {
    return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
  }
}
