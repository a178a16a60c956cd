package io.tenantfabric.southbound.comware;

import java.util.function.UnaryOperator;

/** Edits one interface block of rendered Comware CLI text, to make a read-back fixture. */
final class CliBlocks {
  private CliBlocks() {}

  /**
   * Replaces the body of {@code interface FourHundredGigE1/0/N} (the lines between the header and
   * its one-space {@code quit}) with {@code edit} applied to it.
   */
  static String inPort(String text, int n, UnaryOperator<String> edit) {
    String header = "interface FourHundredGigE1/0/" + n + "\n";
    int start = text.indexOf(header);
    if (start < 0) {
      throw new IllegalArgumentException("no block " + header.strip());
    }
    int bodyStart = start + header.length();
    int end = text.indexOf("\n quit\n", bodyStart - 1) + 1;
    String body = text.substring(bodyStart, end);
    String edited = edit.apply(body);
    if (edited.equals(body)) {
      throw new IllegalArgumentException("edit changed nothing in " + header.strip());
    }
    return text.substring(0, bodyStart) + edited + text.substring(end);
  }
}
