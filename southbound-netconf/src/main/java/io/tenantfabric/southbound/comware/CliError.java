package io.tenantfabric.southbound.comware;

/** One error the device printed in a CLI echo, with the command it answered (empty if unknown). */
public record CliError(Kind kind, String command, String deviceText) {

  /** What sort of complaint it is. */
  public enum Kind {
    /** {@code % Unrecognized command found at '^' position.} */
    UNRECOGNIZED,
    /** {@code % Incomplete command found at '^' position.} */
    INCOMPLETE,
    /** {@code % Wrong parameter found at '^' position.}, too many parameters, ambiguous. */
    WRONG_PARAMETER,
    /** {@code The feature L2VPN has not been enabled.} */
    FEATURE_DISABLED,
    /** An interactive {@code [Y/N]} question, which the CLI-over-NETCONF channel cannot answer. */
    CONFIRMATION_PROMPT,
    /** {@code Error: ...}, {@code Failed to ...}, {@code ... does not exist} and other refusals. */
    REFUSED
  }

  /** "command: device text", for exception messages. */
  public String describe() {
    return (command.isEmpty() ? "" : "'" + command + "': ") + deviceText;
  }
}
