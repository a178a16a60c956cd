package io.tenantfabric.emulator.datastore;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** One RFC 6241 §4.3 {@code rpc-error}, with Comware's {@code xml:lang="en"} message. */
public record NetconfError(
    String type,
    String tag,
    String severity,
    String appTag,
    String path,
    String message,
    Map<String, String> info) {

  public NetconfError {
    info = Collections.unmodifiableMap(new LinkedHashMap<>(info));
  }

  /** An application-layer error. */
  public static NetconfError application(String tag, String message) {
    return new NetconfError("application", tag, "error", null, null, message, Map.of());
  }

  /** A protocol-layer error. */
  public static NetconfError protocol(String tag, String message) {
    return new NetconfError("protocol", tag, "error", null, null, message, Map.of());
  }

  /** An rpc-layer error. */
  public static NetconfError rpc(String tag, String message) {
    return new NetconfError("rpc", tag, "error", null, null, message, Map.of());
  }

  /**
   * Comware's unknown-element error: {@code Unexpected element 'ns':'name' under element
   * 'parentPath} (sic, the device leaves the quote open).
   */
  public static NetconfError unknownElement(
      String type, String ns, String name, String parentPath) {
    return new NetconfError(
            type,
            "unknown-element",
            "error",
            null,
            null,
            "Unexpected element '"
                + (ns == null ? "" : ns)
                + "':'"
                + name
                + "' under element '"
                + parentPath,
            Map.of())
        .withInfo("bad-element", name);
  }

  public NetconfError withPath(String newPath) {
    return new NetconfError(type, tag, severity, appTag, newPath, message, info);
  }

  /** A copy with one more error-info child (insertion order kept). */
  public NetconfError withInfo(String key, String value) {
    Map<String, String> m = new LinkedHashMap<>(info);
    m.put(key, value);
    return new NetconfError(type, tag, severity, appTag, path, message, m);
  }
}
