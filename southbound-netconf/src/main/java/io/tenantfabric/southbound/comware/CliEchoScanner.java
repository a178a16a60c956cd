package io.tenantfabric.southbound.comware;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Finds Comware's error texts in the echo of a {@code <CLI><Configuration>} RPC, which succeeds
 * even when commands fail (comware-facts.md sections 2.6 and 5 step 2-fallback).
 */
public final class CliEchoScanner {
  /** A prompt in front of an echoed command: {@code [leaf-01-vsi-t-acme]} or {@code <leaf-01>}. */
  private static final Pattern PROMPT = Pattern.compile("^\\s*[\\[<][^\\]>]*[\\]>]\\s*");

  private static final Pattern CARET = Pattern.compile("^\\s*\\^\\s*$");

  private CliEchoScanner() {}

  /** Every error in the echo, attributed to the last echoed command before it. */
  public static List<CliError> scan(List<String> sent, String echo) {
    Set<String> commands = new HashSet<>();
    for (String s : sent) {
      commands.add(s.strip());
    }
    List<CliError> errors = new ArrayList<>();
    String lastCommand = "";
    for (String raw : echo.split("\\R")) {
      String line = raw.strip();
      if (line.isEmpty() || CARET.matcher(line).matches()) {
        continue;
      }
      String withoutPrompt = PROMPT.matcher(raw).replaceFirst("").strip();
      // An echoed command first: its own text (a description, say) may contain error-like words.
      if (commands.contains(withoutPrompt)) {
        lastCommand = withoutPrompt;
        continue;
      }
      CliError.Kind kind = classify(line);
      if (kind != null) {
        errors.add(new CliError(kind, lastCommand, line));
      }
    }
    return errors;
  }

  /** Throws CliRejectedException naming the device if the echo holds any error. */
  public static void requireClean(String device, List<String> sent, String echo) {
    List<CliError> errors = scan(sent, echo);
    if (!errors.isEmpty()) {
      throw new CliRejectedException(device, errors, echo);
    }
  }

  static CliError.Kind classify(String line) {
    String l = line.toLowerCase(Locale.ROOT);
    if (l.startsWith("% unrecognized command") || l.startsWith("%unrecognized command")) {
      return CliError.Kind.UNRECOGNIZED;
    }
    if (l.startsWith("% incomplete command") || l.startsWith("%incomplete command")) {
      return CliError.Kind.INCOMPLETE;
    }
    if (l.startsWith("% wrong parameter")
        || l.startsWith("% too many parameters")
        || l.startsWith("% ambiguous command")
        || l.startsWith("%wrong parameter")) {
      return CliError.Kind.WRONG_PARAMETER;
    }
    if (l.contains("has not been enabled") || l.contains("is not enabled")) {
      return CliError.Kind.FEATURE_DISABLED;
    }
    if (l.contains("[y/n]")) {
      return CliError.Kind.CONFIRMATION_PROMPT;
    }
    if (l.startsWith("%")
        || l.startsWith("error:")
        || l.startsWith("error ")
        || l.startsWith("failed to")
        || l.contains("does not exist")
        || l.contains("doesn't exist")
        || l.startsWith("invalid ")
        || l.startsWith("the specified")
        || l.contains("already exists")
        || l.contains("operation failed")
        // a breakout of a port that still has configuration (assumed wording, comware-driver.md)
        || l.startsWith("please remove the configuration")) {
      return CliError.Kind.REFUSED;
    }
    return null;
  }
}
