package io.tenantfabric.emulator;

import java.util.Locale;

/**
 * Capability profile: Comware 7 as documented, or plain RFC 6241 with candidate and confirmed
 * commit.
 */
public enum Profile {
  COMWARE7,
  RFC6241;

  /** Parses {@code comware7} / {@code rfc6241} (case-insensitive). */
  public static Profile parse(String text) {
    return valueOf(text.trim().toUpperCase(Locale.ROOT));
  }

  /** The command-line spelling. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
