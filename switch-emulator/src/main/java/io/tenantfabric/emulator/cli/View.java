package io.tenantfabric.emulator.cli;

/**
 * A CLI view on the stack: its kind, the object it edits, and what its prompt adds to the sysname
 * ({@code -vsi-t-acme}); the prompt itself is built when printed, so that {@code sysname} renames
 * every view at once, as on the switch.
 */
record View(Kind kind, String object, String ifIndex, String srvId, String suffix) {
  /** The CLI views the emulator knows. */
  enum Kind {
    USER,
    SYSTEM,
    VSI,
    EVPN,
    INTERFACE,
    SERVICE_INSTANCE,
    ACL,
    WRED_TABLE,
    BGP,
    BGP_EVPN
  }

  /** {@code <sysname>} in user view, {@code [sysname<suffix>]} in any other. */
  String prompt(String sysname) {
    return kind == Kind.USER ? "<" + sysname + ">" : "[" + sysname + suffix + "]";
  }
}
