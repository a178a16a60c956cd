package io.tenantfabric.emulator.cli;

import java.util.List;
import java.util.regex.Pattern;

/**
 * One command line, split once: its tokens, whether it starts with {@code undo}, the words after
 * that prefix, and the prefix's length in tokens, which every caret position adds.
 */
record CliCommand(List<String> tokens, boolean undo, List<String> words, int offset) {
  private static final Pattern IPV4 =
      Pattern.compile(
          "^(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}$");

  static CliCommand of(List<String> tokens) {
    boolean undo = tokens.get(0).equals("undo");
    return new CliCommand(
        tokens, undo, undo ? tokens.subList(1, tokens.size()) : tokens, undo ? 1 : 0);
  }

  /** The first word after any {@code undo}; a bare {@code undo} is incomplete. */
  String verb() throws CliError {
    if (words.isEmpty()) {
      throw incomplete();
    }
    return words.get(0);
  }

  int size() {
    return words.size();
  }

  String word(int i) {
    return words.get(i);
  }

  CliError incomplete() {
    return CliError.incomplete(tokens.size());
  }

  CliError unrecognizedAt(int word) {
    return CliError.unrecognized(word + offset);
  }

  CliError wrongAt(int word) {
    return CliError.wrongParameter(word + offset);
  }

  String arg(int i) throws CliError {
    if (i >= words.size()) {
      throw incomplete();
    }
    return words.get(i);
  }

  void keyword(int i, String expected) throws CliError {
    if (!arg(i).equals(expected)) {
      throw unrecognizedAt(i);
    }
  }

  String number(int i, long min, long max) throws CliError {
    String s = arg(i);
    try {
      long n = Long.parseLong(s);
      if (n < min || n > max) {
        throw wrongAt(i);
      }
      return Long.toString(n);
    } catch (NumberFormatException e) {
      throw wrongAt(i);
    }
  }

  /** Word {@code i} as a dotted IPv4 address; a wrong parameter otherwise. */
  String ipv4(int i) throws CliError {
    String s = arg(i);
    if (!IPV4.matcher(s).matches()) {
      throw wrongAt(i);
    }
    return s;
  }

  /** The words from {@code from} on, joined by single spaces (descriptions, comments). */
  String rest(int from) throws CliError {
    arg(from);
    return String.join(" ", words.subList(from, words.size()));
  }

  void expectEnd(int size) throws CliError {
    if (words.size() > size) {
      throw unrecognizedAt(size);
    }
  }
}
