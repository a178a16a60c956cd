package io.tenantfabric.emulator.identity;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;

/**
 * Serial numbers and manufacturing dates of emulated switches: pure functions of the switch's name,
 * how many times it was wiped (each wipe is a new unit in the rack) and a salt the fabric raises
 * only to keep serials unique.
 */
public final class SerialNumbers {
  /** The part every S9825-64D serial starts with; 11 characters follow, 20 in all. */
  public static final String PREFIX = "210235A2D";

  private static final String ALPHABET = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  private static final int SUFFIX_LENGTH = 11;

  private SerialNumbers() {}

  /** {@code 210235A2D} and 11 characters derived from {@code (switchName, wipes, salt)}. */
  public static String of(String switchName, int wipes, int salt) {
    byte[] h = sha256(switchName + "#" + wipes + "#" + salt);
    StringBuilder b = new StringBuilder(PREFIX);
    for (int i = 0; i < SUFFIX_LENGTH; i++) {
      b.append(ALPHABET.charAt((h[i] & 0xff) % ALPHABET.length()));
    }
    return b.toString();
  }

  /** A date in 2022 or 2023 derived from the serial, as {@code display device manuinfo} shows. */
  public static LocalDate manufacturingDate(String serialNumber) {
    byte[] h = sha256("made#" + serialNumber);
    int day = ((h[0] & 0xff) << 8 | (h[1] & 0xff)) % 730;
    return LocalDate.of(2022, 1, 1).plusDays(day);
  }

  static byte[] sha256(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is always present", e);
    }
  }
}
