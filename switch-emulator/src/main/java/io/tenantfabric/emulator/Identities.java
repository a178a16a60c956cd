package io.tenantfabric.emulator;

import io.tenantfabric.emulator.device.Identity;
import io.tenantfabric.emulator.identity.MacAddresses;
import io.tenantfabric.emulator.identity.SerialNumbers;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The identities of a fabric's switches: host keys (fresh, or kept in the key directory) and serial
 * numbers unique in the fabric, with their bridge MACs. A serial is a function of the switch's name
 * and wipe count; should two collide, the later one is derived again with a higher salt, which
 * keeps every serial deterministic for a given fabric. A switch not yet installed holds a stand-in
 * (a key only in memory, never shown) until it is installed with its first identity.
 */
final class Identities {
  private final Path hostKeyDir;
  private final Set<String> serials = new HashSet<>();
  private final Set<String> macs = new HashSet<>();
  private final Map<String, String> issued = new HashMap<>();

  /** {@code hostKeyDir} null: keys live only as long as the process. */
  Identities(Path hostKeyDir) {
    this.hostKeyDir = hostKeyDir;
  }

  /** The identity {@code name} starts with: its kept key, if any, and its first serial. */
  Identity first(String name) {
    KeyPair key =
        hostKeyDir == null ? HostKeys.generate() : HostKeys.loadOrCreate(hostKeyDir, name);
    return new Identity(key, HostKeys.fingerprint(key), serial(name, 0));
  }

  /**
   * What a switch not yet installed holds: a key that is neither written nor served, and the serial
   * {@link #first} will give it (the same one).
   */
  Identity standIn(String name) {
    KeyPair key = HostKeys.generate();
    return new Identity(key, HostKeys.fingerprint(key), serial(name, 0));
  }

  /** A new unit in {@code name}'s place after its {@code wipes}-th wipe: a new key and serial. */
  Identity renew(String name, int wipes) {
    KeyPair key = hostKeyDir == null ? HostKeys.generate() : HostKeys.replace(hostKeyDir, name);
    return new Identity(key, HostKeys.fingerprint(key), serial(name, wipes));
  }

  /**
   * Serials and bridge MACs are never reused, not even those of wiped units; asked again for the
   * same unit (name and wipe count), the serial it was given.
   */
  private synchronized String serial(String name, int wipes) {
    String unit = name + "#" + wipes;
    String given = issued.get(unit);
    if (given != null) {
      return given;
    }
    for (int salt = 0; ; salt++) {
      String s = SerialNumbers.of(name, wipes, salt);
      String mac = MacAddresses.bridge(s);
      if (!serials.contains(s) && !macs.contains(mac)) {
        serials.add(s);
        macs.add(mac);
        issued.put(unit, s);
        return s;
      }
    }
  }
}
