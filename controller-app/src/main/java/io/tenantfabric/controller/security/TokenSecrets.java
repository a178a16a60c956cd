package io.tenantfabric.controller.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Token secrets: {@code tf_} + 256 random bits in unpadded url-safe base64 (46 characters), stored
 * only as the lower-case hex SHA-256 of their UTF-8 bytes.
 */
public final class TokenSecrets {

  /** Prefix of generated tokens, so that leaked tokens are recognisable by secret scanners. */
  public static final String PREFIX = "tf_";

  /** Random bytes per generated token. */
  public static final int RANDOM_BYTES = 32;

  private static final SecureRandom RANDOM = new SecureRandom();

  private TokenSecrets() {}

  /** A fresh secret. */
  public static String generate() {
    byte[] bytes = new byte[RANDOM_BYTES];
    RANDOM.nextBytes(bytes);
    return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** The hex SHA-256 of {@code secret}, the only form in which a secret is stored. */
  public static String hash(String secret) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(sha.digest(secret.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
  }

  /** Constant-time comparison of two hex hashes. */
  public static boolean sameHash(String a, String b) {
    return MessageDigest.isEqual(
        a.getBytes(StandardCharsets.US_ASCII), b.getBytes(StandardCharsets.US_ASCII));
  }
}
