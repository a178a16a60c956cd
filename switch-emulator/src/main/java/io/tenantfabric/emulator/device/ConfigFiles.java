package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.datastore.Datastore;
import io.tenantfabric.emulator.datastore.RpcException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The saved .cfg files of a device, startup.cfg (the next-startup file) among them; not
 * thread-safe: only called under the owning {@link SwitchDevice}'s monitor.
 */
final class ConfigFiles {
  private static final String STARTUP = "startup.cfg";

  private Supplier<Datastore> baseline;
  private final Map<String, Datastore> files = new LinkedHashMap<>();

  /** {@code baseline} builds the startup file the first time it is needed. */
  ConfigFiles(Supplier<Datastore> baseline) {
    this.baseline = baseline;
  }

  /**
   * Deletes every file (a wiped switch has no startup.cfg); from now on a missing startup file is
   * {@code baseline}, what the switch boots with when it has none.
   */
  void wipe(Supplier<Datastore> baseline) {
    this.baseline = baseline;
    files.clear();
  }

  /** The startup file, created from the baseline on first use. */
  Datastore startup() {
    Datastore s = files.get(STARTUP);
    if (s == null) {
      s = baseline.get();
      files.put(STARTUP, s);
    }
    return s;
  }

  /** Stores {@code content} (asked for only once the name is valid) as the named file. */
  void save(String file, Supplier<Datastore> content) throws RpcException {
    String name = fileName(file);
    files.put(name, content.get());
  }

  /** The named file; operation-failed when there is none. */
  Datastore existing(String file) throws RpcException {
    Datastore f = files.get(fileName(file));
    if (f == null) {
      throw DeviceErrors.failed("The file " + file + " does not exist.");
    }
    return f;
  }

  private static String fileName(String file) throws RpcException {
    if (file == null || file.isBlank()) {
      return STARTUP;
    }
    String f = file.trim();
    if (f.length() > 191 || !f.toLowerCase(Locale.ROOT).endsWith(".cfg")) {
      throw DeviceErrors.invalid(
          "The file name must end with .cfg and be at most 191 characters: " + f);
    }
    if (f.startsWith("flash:/")) {
      f = f.substring("flash:/".length());
    }
    return f;
  }
}
