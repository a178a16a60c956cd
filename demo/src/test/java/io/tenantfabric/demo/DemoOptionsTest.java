package io.tenantfabric.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class DemoOptionsTest {
  private static final Path HOME = Path.of("/home/dev");

  @Test
  void defaultsPutTheDataUnderTheHomeDirectoryAndLookForPostgresOn5432() throws Exception {
    DemoOptions o = DemoOptions.parse(List.of(), Map.of(), HOME);

    assertThat(o.dataDir()).isEqualTo(Path.of("/home/dev/.tenant-fabric/demo"));
    assertThat(o.serverPort()).isEqualTo(8080);
    assertThat(o.emulatorBasePort()).isEqualTo(18300);
    assertThat(o.emulatorControlPort()).isEqualTo(18299);
    assertThat(o.embeddedDbPort()).isEqualTo(15432);
    assertThat(o.localPostgresPort()).isEqualTo(OptionalInt.of(5432));
    assertThat(o.preset()).isEqualTo("h3c-s9825-1024");
    assertThat(o.database().url()).isEmpty();
    assertThat(o.database().ownerUser()).isEqualTo("tenant_fabric_owner");
    assertThat(o.database().runtimeUser()).isEqualTo("tenant_fabric");
  }

  @Test
  void aFlagWinsOverItsVariableAndAVariableOverTheDefault() throws Exception {
    Map<String, String> env =
        Map.of(
            "SERVER_PORT", "9090",
            "EMULATOR_BASE_PORT", "20000",
            "FABRIC_DEMO_DIR", "/srv/demo",
            "FABRIC_DB_URL", "jdbc:postgresql://db:5432/tf");

    DemoOptions o = DemoOptions.parse(List.of("--port", "9191", "--db-port", "25432"), env, HOME);

    assertThat(o.serverPort()).isEqualTo(9191);
    assertThat(o.emulatorBasePort()).isEqualTo(20000);
    assertThat(o.embeddedDbPort()).isEqualTo(25432);
    assertThat(o.dataDir()).isEqualTo(Path.of("/srv/demo"));
    assertThat(o.database().url()).contains("jdbc:postgresql://db:5432/tf");
  }

  @Test
  void noneMeansNeverLookForALocalServer() throws Exception {
    assertThat(
            DemoOptions.parse(List.of("--local-postgres-port", "none"), Map.of(), HOME)
                .localPostgresPort())
        .isEmpty();
    assertThat(
            DemoOptions.parse(List.of(), Map.of("FABRIC_DEMO_LOCAL_POSTGRES_PORT", "none"), HOME)
                .localPostgresPort())
        .isEmpty();
  }

  @Test
  void aBadPortNamesTheFlagOrTheVariable() {
    assertThatThrownBy(() -> DemoOptions.parse(List.of("--port", "70000"), Map.of(), HOME))
        .hasMessage("--port must be a port number 1..65535, got '70000'");
    assertThatThrownBy(() -> DemoOptions.parse(List.of(), Map.of("SERVER_PORT", "http"), HOME))
        .hasMessage("SERVER_PORT must be a port number 1..65535, got 'http'");
  }

  @Test
  void anUnknownOptionOrAMissingValueIsAUsageError() {
    assertThatThrownBy(() -> DemoOptions.parse(List.of("--prot", "1"), Map.of(), HOME))
        .isInstanceOf(DemoOptions.UsageException.class)
        .hasMessage("unknown option '--prot'");
    assertThatThrownBy(() -> DemoOptions.parse(List.of("--data-dir"), Map.of(), HOME))
        .hasMessage("--data-dir needs a value");
  }
}
