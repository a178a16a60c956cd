package io.tenantfabric.model.testing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A unified line diff of two texts, short enough to read in a failed test's message. */
final class LineDiff {
  private static final int CONTEXT = 3;
  private static final int MAX_OUTPUT_LINES = 80;
  // Above this many cells the quadratic table is not worth it; the middle shows as one replacement.
  private static final long MAX_TABLE_CELLS = 4_000_000L;
  private static final String NO_NEWLINE = " \\ (no newline at end)";

  private LineDiff() {}

  private record Op(char kind, String line, int oldLine, int newLine) {}

  static String unified(String expected, String actual) {
    List<Op> ops = ops(lines(expected), lines(actual));
    StringBuilder out = new StringBuilder();
    int written = 0;
    int i = 0;
    while (i < ops.size()) {
      if (ops.get(i).kind() == ' ') {
        i++;
        continue;
      }
      int start = Math.max(0, i - CONTEXT);
      int end = i;
      // a hunk runs on while the next change is within two contexts of the last one
      for (int j = i; j < ops.size() && j <= end + 2 * CONTEXT; j++) {
        if (ops.get(j).kind() != ' ') {
          end = j;
        }
      }
      end = Math.min(ops.size() - 1, end + CONTEXT);
      List<Op> hunk = ops.subList(start, end + 1);
      out.append(header(hunk)).append('\n');
      for (Op op : hunk) {
        if (++written > MAX_OUTPUT_LINES) {
          return out.append("... (diff cut at ")
              .append(MAX_OUTPUT_LINES)
              .append(" lines)")
              .toString();
        }
        out.append(op.kind()).append(op.line().replace("\r", "\\r")).append('\n');
      }
      i = end + 1;
    }
    return out.toString();
  }

  private static String header(List<Op> hunk) {
    int oldStart = 0;
    int newStart = 0;
    int oldCount = 0;
    int newCount = 0;
    for (Op op : hunk) {
      if (op.kind() != '+') {
        oldStart = oldCount++ == 0 ? op.oldLine() : oldStart;
      }
      if (op.kind() != '-') {
        newStart = newCount++ == 0 ? op.newLine() : newStart;
      }
    }
    return "@@ -" + oldStart + "," + oldCount + " +" + newStart + "," + newCount + " @@";
  }

  private static String[] lines(String text) {
    String[] lines = text.split("\n", -1);
    if (lines[lines.length - 1].isEmpty()) {
      return Arrays.copyOf(lines, lines.length - 1);
    }
    lines[lines.length - 1] += NO_NEWLINE;
    return lines;
  }

  /** The edit script: common prefix and suffix, and a longest common subsequence between. */
  private static List<Op> ops(String[] a, String[] b) {
    int prefix = 0;
    while (prefix < a.length && prefix < b.length && a[prefix].equals(b[prefix])) {
      prefix++;
    }
    int suffix = 0;
    while (suffix < a.length - prefix
        && suffix < b.length - prefix
        && a[a.length - 1 - suffix].equals(b[b.length - 1 - suffix])) {
      suffix++;
    }
    int n = a.length - prefix - suffix;
    int m = b.length - prefix - suffix;
    List<Op> ops = new ArrayList<>();
    for (int k = 0; k < prefix; k++) {
      ops.add(new Op(' ', a[k], k + 1, k + 1));
    }
    int[][] lcs = (long) n * m <= MAX_TABLE_CELLS ? table(a, b, prefix, n, m) : null;
    int x = 0;
    int y = 0;
    while (x < n || y < m) {
      int ai = prefix + x;
      int bi = prefix + y;
      if (lcs != null && x < n && y < m && a[ai].equals(b[bi])) {
        ops.add(new Op(' ', a[ai], ai + 1, bi + 1));
        x++;
        y++;
      } else if (x < n && (y == m || lcs == null || lcs[x + 1][y] >= lcs[x][y + 1])) {
        ops.add(new Op('-', a[ai], ai + 1, bi + 1));
        x++;
      } else {
        ops.add(new Op('+', b[bi], ai + 1, bi + 1));
        y++;
      }
    }
    for (int k = suffix; k > 0; k--) {
      ops.add(new Op(' ', a[a.length - k], a.length - k + 1, b.length - k + 1));
    }
    return ops;
  }

  /** lcs[x][y]: the length of the longest common subsequence of the middles from x and y on. */
  private static int[][] table(String[] a, String[] b, int prefix, int n, int m) {
    int[][] lcs = new int[n + 1][m + 1];
    for (int x = n - 1; x >= 0; x--) {
      for (int y = m - 1; y >= 0; y--) {
        lcs[x][y] =
            a[prefix + x].equals(b[prefix + y])
                ? lcs[x + 1][y + 1] + 1
                : Math.max(lcs[x + 1][y], lcs[x][y + 1]);
      }
    }
    return lcs;
  }
}
