package io.tenantfabric.emulator.cli;

/**
 * A command that failed: either Comware's caret error at token {@code tokenIndex} ({@code
 * Unrecognized command}, {@code Wrong parameter}, {@code Incomplete command}) or a plain message.
 */
final class CliError extends Exception {
  private static final long serialVersionUID = 1L;
  final int tokenIndex;

  private CliError(String message, int tokenIndex) {
    super(message);
    this.tokenIndex = tokenIndex;
  }

  boolean isUnrecognized() {
    return getMessage().startsWith("% Unrecognized");
  }

  static CliError unrecognized(int token) {
    return new CliError("% Unrecognized command found at '^' position.", token);
  }

  static CliError wrongParameter(int token) {
    return new CliError("% Wrong parameter found at '^' position.", token);
  }

  static CliError incomplete(int token) {
    return new CliError("% Incomplete command found at '^' position.", token);
  }

  static CliError message(String text) {
    return new CliError(text, -1);
  }
}
