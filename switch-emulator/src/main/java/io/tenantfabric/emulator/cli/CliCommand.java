package io.tenantfabric.emulator.cli;

import java.util.List;

/**
 * One command line, split once: its tokens, whether it starts with {@code undo}, the words after
 * that prefix, and the prefix's length in tokens, which every caret position adds.
 */
record CliCommand(List<String> tokens, boolean undo, List<String> words, int offset) {

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
