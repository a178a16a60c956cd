package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MainArgumentsTest {

  @Test
  void theContractsExampleParses() throws Exception {
    MainArguments cl =
        MainArguments.parse(
            List.of(
                "--preset",
                "h3c-s9825-1024",
                "--bind",
                "127.0.0.1",
                "--base-port",
                "18300",
                "--username",
                "admin",
                "--password",
                "admin",
                "--profile",
                "comware7",
                "--inventory-out",
                "inventory.json",
                "--control-port",
                "18299",
                "--delay-ms",
                "5",
                "--leaves-only",
                "--max-sessions",
                "4",
                "--bind-mode",
                "loopback-ips",
                "--fault",
                "leaf-01:DELAY:3:100",
                "--fault",
                "*:REFUSE_L2VPN_XML"));
    EmulatorOptions o = cl.options();
    assertThat(o.preset()).isEqualTo("h3c-s9825-1024");
    assertThat(o.basePort()).isEqualTo(18300);
    assertThat(o.profile()).isEqualTo(Profile.COMWARE7);
    assertThat(o.delayMs()).isEqualTo(5);
    assertThat(o.leavesOnly()).isTrue();
    assertThat(o.loopbackIps()).isTrue();
    assertThat(o.advertiseBase11()).isTrue();
    assertThat(o.maxSessions()).isEqualTo(4);
    assertThat(cl.inventoryOut()).isEqualTo(Path.of("inventory.json"));
    assertThat(cl.controlPort()).isEqualTo(18299);
    assertThat(cl.faults())
        .containsExactly(
            new MainArguments.StartFault("leaf-01", new Fault(FaultType.DELAY, 3, 100)),
            new MainArguments.StartFault("*", Fault.always(FaultType.REFUSE_L2VPN_XML)));
  }

  @Test
  void defaults() throws Exception {
    MainArguments cl = MainArguments.parse(List.of());
    assertThat(cl.options())
        .isEqualTo(
            new EmulatorOptions(
                "h3c-s9825-1024",
                "127.0.0.1",
                18300,
                "admin",
                "admin",
                Profile.COMWARE7,
                0,
                false));
    assertThat(cl.inventoryOut()).isNull();
    assertThat(cl.controlPort()).isNull();
    assertThat(MainArguments.parse(List.of("--base10-only", "--profile", "RFC6241")).options())
        .satisfies(
            o -> {
              assertThat(o.advertiseBase11()).isFalse();
              assertThat(o.profile()).isEqualTo(Profile.RFC6241);
            });
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--nope|unknown option '--nope'",
        "--base-port|--base-port needs a value",
        "--base-port 65536|--base-port must be an integer 0..65535",
        "--base-port -1|--base-port must be an integer 0..65535",
        "--delay-ms x|--delay-ms must be an integer",
        "--max-sessions 0|--max-sessions must be an integer 1..1000",
        "--profile ios|--profile must be comware7 or rfc6241",
        "--preset h3c-s9825-4096|unknown preset 'h3c-s9825-4096'",
        "--bind-mode magic|--bind-mode must be base-port or loopback-ips",
        "--username  |--username needs a value",
        "--fault leaf-01|--fault must be SWITCH:TYPE",
        "--fault leaf-01:BOOM|bad --fault 'leaf-01:BOOM'",
        "--fault leaf-01:DELAY|DELAY needs delayMs > 0",
        "--fault leaf-01:REJECT_NEXT_EDIT:-1|count must be >= 0",
        "--advertise-host|--advertise-host needs a value",
        "--advertise-host a/b|--advertise-host must be a host name or address",
        "--advertise-host switch-emulator --bind-mode loopback-ips|--advertise-host cannot be combined with --bind-mode loopback-ips",
        "--host-key-dir|--host-key-dir needs a value",
        "--installed-preset|--installed-preset needs a value",
        "--installed-preset nope|unknown installed preset 'nope'",
        "--preset emulator-growth-a --installed-preset emulator-growth-b|installed preset 'emulator-growth-b' is not part of 'emulator-growth-a': it has switches [leaf-05, leaf-06, leaf-07, leaf-08, spine-03, spine-04]",
        "--preset emulator-nic-speed --installed-preset emulator-growth-a|it has switches [leaf-03, leaf-04]"
      })
  void badCommandLines(String args, String message) {
    assertThatThrownBy(() -> MainArguments.parse(List.of(args.trim().split(" +"))))
        .isInstanceOf(MainArguments.UsageException.class)
        .hasMessageContaining(message);
  }

  @Test
  void advertiseHostAndHostKeyDirParseAndDefaultToNone() throws Exception {
    EmulatorOptions o =
        MainArguments.parse(
                List.of(
                    "--bind",
                    "0.0.0.0",
                    "--advertise-host",
                    "switch-emulator",
                    "--host-key-dir",
                    "/var/lib/switch-emulator/host-keys"))
            .options();
    assertThat(o.bind()).isEqualTo("0.0.0.0");
    assertThat(o.advertiseHost()).isEqualTo("switch-emulator");
    assertThat(o.hostKeyDir()).isEqualTo(Path.of("/var/lib/switch-emulator/host-keys"));
    assertThat(
            MainArguments.parse(List.of("--advertise-host", "fd00::7")).options().advertiseHost())
        .isEqualTo("fd00::7");

    EmulatorOptions none = MainArguments.parse(List.of()).options();
    assertThat(none.advertiseHost()).isNull();
    assertThat(none.hostKeyDir()).isNull();
  }

  @Test
  void anInstalledPresetWithinThePresetParsesAndDefaultsToNone() throws Exception {
    EmulatorOptions o =
        MainArguments.parse(
                List.of("--preset", "emulator-growth-b", "--installed-preset", "emulator-growth-a"))
            .options();
    assertThat(o.preset()).isEqualTo("emulator-growth-b");
    assertThat(o.installedPreset()).isEqualTo("emulator-growth-a");
    assertThat(MainArguments.parse(List.of()).options().installedPreset()).isNull();
  }

  @Test
  void thePasswordComesFromTheEnvironmentWhenTheFlagIsAbsent() throws Exception {
    Map<String, String> env = Map.of("EMULATOR_PASSWORD", "from-env");
    assertThat(MainArguments.parse(List.of(), env).options().password()).isEqualTo("from-env");
    assertThat(MainArguments.parse(List.of("--password", "from-flag"), env).options().password())
        .as("--password wins")
        .isEqualTo("from-flag");
    assertThat(MainArguments.parse(List.of(), Map.of()).options().password()).isEqualTo("admin");
    assertThatThrownBy(() -> MainArguments.parse(List.of(), Map.of("EMULATOR_PASSWORD", " ")))
        .isInstanceOf(MainArguments.UsageException.class)
        .hasMessage("EMULATOR_PASSWORD is set but empty");
  }
}
