package io.tenantfabric.controller.idempotency;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import tools.jackson.databind.json.JsonMapper;

/**
 * SHA-256 over what a request asks, as parsed and validated (re-serialised), so that whitespace or
 * key order in the client's JSON does not make "the same request" differ: its body, or for a
 * request without one the target its path names. The caller and the operation are the record's key
 * already, and query parameters such as {@code wait} change how the answer is awaited, not what is
 * asked.
 */
public final class RequestHash {

  private RequestHash() {}

  /** The hash of {@code request}, a body or a target, as {@code json} writes it. */
  public static String of(Object request, JsonMapper json) {
    String canonical = json.writeValueAsString(request);
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256")
                  .digest(canonical.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }
}
