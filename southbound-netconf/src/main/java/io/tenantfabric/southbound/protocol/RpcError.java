package io.tenantfabric.southbound.protocol;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One {@code <rpc-error>} of an rpc-reply (RFC 6241 section 4.3); optional fields are null when the
 * device omitted them, {@code info} maps each error-info child's local name to its text.
 */
public record RpcError(
    String type,
    String tag,
    String severity,
    String appTag,
    String path,
    String message,
    Map<String, String> info) {

  public RpcError {
    Objects.requireNonNull(tag, "error-tag");
    type = type == null ? "" : type;
    severity = severity == null ? "error" : severity;
    // Document order of error-info is kept: it is how the device printed it.
    info = info == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(info));
  }

  /** True unless the device marked it as a warning (warnings do not fail an RPC). */
  public boolean isError() {
    return !"warning".equals(severity);
  }

  /** error-info/session-id: for lock-denied the session that holds the lock. */
  public Optional<String> sessionId() {
    return Optional.ofNullable(info.get("session-id"));
  }

  /** error-info/bad-element. */
  public Optional<String> badElement() {
    return Optional.ofNullable(info.get("bad-element"));
  }

  /** Tag plus the device's own message, e.g. "lock-denied: Lock failed because ...". */
  public String describe() {
    StringBuilder b = new StringBuilder(tag);
    if (message != null && !message.isBlank()) {
      b.append(": ").append(message.strip());
    }
    if (!info.isEmpty()) {
      b.append(' ').append(info);
    }
    return b.toString();
  }
}
