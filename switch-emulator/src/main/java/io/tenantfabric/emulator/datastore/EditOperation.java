package io.tenantfabric.emulator.datastore;

import java.util.Locale;

/** The {@code xc:operation} values (RFC 6241 §7.2) plus {@code none} for default-operation. */
public enum EditOperation {
  MERGE,
  CREATE,
  REPLACE,
  REMOVE,
  DELETE,
  NONE;

  /** Parses the attribute text, or returns null when it is not an operation name. */
  public static EditOperation parse(String text) {
    for (EditOperation o : values()) {
      if (o.name().toLowerCase(Locale.ROOT).equals(text)) {
        return o;
      }
    }
    return null;
  }
}
