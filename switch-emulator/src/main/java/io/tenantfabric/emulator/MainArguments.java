package io.tenantfabric.emulator;

import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import io.tenantfabric.emulator.topology.FabricLayouts;
import io.tenantfabric.emulator.topology.GrowthPlan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The parsed command line of {@link Main}; {@link #parse} throws {@link UsageException} for an
 * unknown flag or a bad value. The SSH password may come from {@value #PASSWORD_ENV} instead of
 * {@code --password} (which any local user can read in {@code ps}); {@code --password} wins when
 * both are given.
 */
record MainArguments(
    EmulatorOptions options, Path inventoryOut, Integer controlPort, List<StartFault> faults) {

  /** The environment variable that carries the SSH password when --password is absent. */
  static final String PASSWORD_ENV = "EMULATOR_PASSWORD";

  /**
   * What the controller accepts as a device's host (its DeviceRequest pattern): name or address.
   */
  private static final Pattern HOST = Pattern.compile("[A-Za-z0-9.:\\-\\[\\]]{1,255}");

  /** A fault to inject right after start: on one switch, or on every switch for {@code *}. */
  record StartFault(String device, Fault fault) {}

  static final String USAGE =
      String.join(
          "\n",
          "usage: java -jar switch-emulator.jar [options]",
          "  --preset NAME            " + FabricLayouts.names() + " (default h3c-s9825-1024)",
          "  --installed-preset NAME  install only this smaller layout's switches of --preset (the rest wait",
          "                           for POST /devices/{name}/install), cabled as it plans",
          "  --bind ADDRESS           listen address (default 127.0.0.1)",
          "  --base-port N            first port; spines then leaves on N, N+1, ... (default 18300; 0 = ephemeral)",
          "  --bind-mode MODE         base-port (default) | loopback-ips (switch N on 127.0.1.N:830)",
          "  --username USER          SSH user (default admin)",
          "  --password PASS          SSH password (default admin; or set "
              + PASSWORD_ENV
              + ", which --password overrides)",
          "  --profile NAME           comware7 (default) | rfc6241",
          "  --inventory-out FILE     write the inventory JSON there",
          "  --advertise-host NAME    the inventory's host for every switch (default: the --bind address)",
          "  --host-key-dir DIR       keep host keys there (created once, 0600; default: new keys each start)",
          "  --control-port N         HTTP control API on 127.0.0.1:N",
          "  --delay-ms D             add D ms to every RPC",
          "  --leaves-only            emulate only the leaves",
          "  --base10-only            advertise only base:1.0 (end-of-message framing)",
          "  --max-sessions N         SSH connections and NETCONF sessions per switch (default 16)",
          "  --fault SWITCH:TYPE[:COUNT[:DELAYMS]]  inject a fault at start (repeatable; SWITCH * = all);",
          "                           TYPE one of "
              + Arrays.toString(FaultType.values())
              + ", COUNT 0 = until cleared");

  /** A bad command line; the message says what is wrong. */
  static final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }

  /** Parses {@code args} alone, as if no environment variable were set. */
  static MainArguments parse(List<String> args) throws UsageException {
    return parse(args, Map.of());
  }

  /** Parses {@code args}; {@code env} supplies {@value #PASSWORD_ENV} when --password is absent. */
  static MainArguments parse(List<String> args, Map<String, String> env) throws UsageException {
    boolean passwordFlag = false;
    boolean advertise = false;
    boolean loopbackIps = false;
    EmulatorOptions.Builder b = EmulatorOptions.builder().basePort(18300);
    Path inventory = null;
    Integer control = null;
    List<StartFault> faults = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String flag = args.get(i);
      switch (flag) {
        case "--leaves-only" -> b.leavesOnly(true);
        case "--base10-only" -> b.advertiseBase11(false);
        case "--preset" -> {
          String p = value(args, ++i, flag);
          if (!FabricLayouts.names().contains(p)) {
            throw new UsageException(
                "unknown preset '" + p + "', expected one of " + FabricLayouts.names());
          }
          b.preset(p);
        }
        case "--installed-preset" -> {
          String p = value(args, ++i, flag);
          if (!FabricLayouts.names().contains(p)) {
            throw new UsageException(
                "unknown installed preset '" + p + "', expected one of " + FabricLayouts.names());
          }
          b.installedPreset(p);
        }
        case "--bind" -> b.bind(value(args, ++i, flag));
        case "--base-port" -> b.basePort(number(args, ++i, flag, 0, 65535));
        case "--bind-mode" -> {
          String m = value(args, ++i, flag);
          if (m.equals("loopback-ips")) {
            b.loopbackIps(true);
            loopbackIps = true;
          } else if (!m.equals("base-port")) {
            throw new UsageException(
                "--bind-mode must be base-port or loopback-ips, got '" + m + "'");
          }
        }
        case "--username" -> b.username(nonEmpty(args, ++i, flag));
        case "--password" -> {
          b.password(nonEmpty(args, ++i, flag));
          passwordFlag = true;
        }
        case "--profile" -> {
          String p = value(args, ++i, flag);
          try {
            b.profile(Profile.parse(p));
          } catch (IllegalArgumentException e) {
            throw new UsageException("--profile must be comware7 or rfc6241, got '" + p + "'");
          }
        }
        case "--inventory-out" -> inventory = Path.of(nonEmpty(args, ++i, flag));
        case "--advertise-host" -> {
          String h = value(args, ++i, flag);
          if (!HOST.matcher(h).matches()) {
            throw new UsageException(
                "--advertise-host must be a host name or address (letters, digits, . : - [ ]), got '"
                    + h
                    + "'");
          }
          b.advertiseHost(h);
          advertise = true;
        }
        case "--host-key-dir" -> b.hostKeyDir(Path.of(nonEmpty(args, ++i, flag)));
        case "--control-port" -> control = number(args, ++i, flag, 0, 65535);
        case "--delay-ms" -> b.delayMs(number(args, ++i, flag, 0, 600_000));
        case "--max-sessions" -> b.maxSessions(number(args, ++i, flag, 1, 1000));
        case "--fault" -> faults.add(fault(value(args, ++i, flag)));
        default -> throw new UsageException("unknown option '" + flag + "'");
      }
    }
    if (advertise && loopbackIps) {
      throw new UsageException(
          "--advertise-host cannot be combined with --bind-mode loopback-ips (every switch listens"
              + " on port 830 of its own address)");
    }
    String envPassword = env.get(PASSWORD_ENV);
    if (!passwordFlag && envPassword != null) {
      if (envPassword.isBlank()) {
        throw new UsageException(PASSWORD_ENV + " is set but empty");
      }
      b.password(envPassword);
    }
    EmulatorOptions options = b.build();
    if (options.installedPreset() != null) {
      try {
        GrowthPlan.of(options.preset(), options.installedPreset(), options.leavesOnly());
      } catch (IllegalArgumentException e) {
        throw new UsageException(e.getMessage());
      }
    }
    return new MainArguments(options, inventory, control, List.copyOf(faults));
  }

  private static StartFault fault(String spec) throws UsageException {
    String[] p = spec.split(":");
    if (p.length < 2 || p.length > 4 || p[0].isBlank()) {
      throw new UsageException("--fault must be SWITCH:TYPE[:COUNT[:DELAYMS]], got '" + spec + "'");
    }
    try {
      FaultType type = FaultType.valueOf(p[1]);
      int count = p.length > 2 ? Integer.parseInt(p[2]) : 0;
      long delay = p.length > 3 ? Long.parseLong(p[3]) : 0;
      return new StartFault(p[0], new Fault(type, count, delay));
    } catch (IllegalArgumentException e) {
      throw new UsageException("bad --fault '" + spec + "': " + e.getMessage());
    }
  }

  private static String value(List<String> args, int i, String flag) throws UsageException {
    if (i >= args.size() || args.get(i).startsWith("--")) {
      throw new UsageException(flag + " needs a value");
    }
    return args.get(i);
  }

  private static String nonEmpty(List<String> args, int i, String flag) throws UsageException {
    String v = value(args, i, flag);
    if (v.isBlank()) {
      throw new UsageException(flag + " must not be empty");
    }
    return v;
  }

  private static int number(List<String> args, int i, String flag, int min, int max)
      throws UsageException {
    String v = value(args, i, flag);
    try {
      int n = Integer.parseInt(v);
      if (n < min || n > max) {
        throw new NumberFormatException(v);
      }
      return n;
    } catch (NumberFormatException e) {
      throw new UsageException(
          flag + " must be an integer " + min + ".." + max + ", got '" + v + "'");
    }
  }
}
