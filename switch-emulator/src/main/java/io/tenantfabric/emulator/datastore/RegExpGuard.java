package io.tenantfabric.emulator.datastore;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * Refuses H3C {@code regExp} filter patterns whose backtracking cost can grow faster than a small
 * polynomial of the value's length: too long, repeated groups that contain quantifiers or
 * alternatives ({@code (a+)+}, {@code (a|a)*}), unbounded quantifiers in a row ({@code .*.*}), more
 * than {@value #MAX_UNBOUNDED} unbounded quantifiers, back-references. Called on a pattern that
 * {@link java.util.regex.Pattern} already compiled, so the syntax is known to be valid.
 */
final class RegExpGuard {
  /** Interface names are about 20 characters and descriptions at most 255; 256 is plenty. */
  static final int MAX_LENGTH = 256;

  /**
   * Each unbounded quantifier multiplies the worst case by the value's length: three keep a
   * 255-character description under about 10^7 steps; the CPU budget catches what slips through.
   */
  static final int MAX_UNBOUNDED = 3;

  /** {@code {n,m}} with a wider range than this counts as unbounded ({@code .{0,200}} is a .*). */
  private static final int WIDE_RANGE = 16;

  private final String re;
  private final Deque<Group> groups = new ArrayDeque<>();
  private int pos;
  private int unbounded;

  /** What one level of parentheses (or the whole pattern) contains so far. */
  private static final class Group {
    boolean quantified;
    boolean alternatives;
    boolean lastWasUnbounded;
  }

  private RegExpGuard(String re) {
    this.re = re;
    groups.push(new Group());
  }

  /** Why {@code re} is refused, or empty when it may be evaluated. */
  static Optional<String> problem(String re) {
    if (re.length() > MAX_LENGTH) {
      return Optional.of(
          "The regular expression has "
              + re.length()
              + " characters; at most "
              + MAX_LENGTH
              + " are accepted.");
    }
    return Optional.ofNullable(new RegExpGuard(re).scan());
  }

  private String scan() {
    while (pos < re.length()) {
      char c = re.charAt(pos++);
      String problem =
          switch (c) {
            case '\\' -> escape();
            case '[' -> {
              skipClass();
              yield quantifier(null);
            }
            case '(' -> {
              // "(?:", "(?=", "(?<name>", "(?i)": the '?' is not a quantifier; the rest are atoms.
              if (pos < re.length() && re.charAt(pos) == '?') {
                pos++;
              }
              groups.push(new Group());
              yield null;
            }
            case ')' -> quantifier(groups.size() > 1 ? groups.pop() : null);
            case '|' -> {
              groups.peek().alternatives = true;
              groups.peek().lastWasUnbounded = false;
              yield null;
            }
            default -> quantifier(null);
          };
      if (problem != null) {
        return problem;
      }
    }
    return null;
  }

  private String escape() {
    if (pos >= re.length()) {
      return null;
    }
    char n = re.charAt(pos++);
    if ((n >= '1' && n <= '9') || (n == 'k' && pos < re.length() && re.charAt(pos) == '<')) {
      return "Back-references are not accepted in a regExp filter.";
    }
    if (n == 'Q') {
      int end = re.indexOf("\\E", pos);
      pos = end < 0 ? re.length() : end + 2;
    } else if ((n == 'p' || n == 'P' || n == 'x') && pos < re.length() && re.charAt(pos) == '{') {
      int end = re.indexOf('}', pos);
      pos = end < 0 ? re.length() : end + 1;
    }
    return quantifier(null);
  }

  /** Skips a character class, nested classes included; the opening '[' is already read. */
  private void skipClass() {
    int depth = 1;
    if (pos < re.length() && re.charAt(pos) == '^') {
      pos++;
    }
    if (pos < re.length() && re.charAt(pos) == ']') {
      pos++; // a ']' right after '[' or '[^' is a literal
    }
    while (pos < re.length() && depth > 0) {
      char c = re.charAt(pos++);
      if (c == '\\') {
        pos++;
      } else if (c == '[') {
        depth++;
      } else if (c == ']') {
        depth--;
      }
    }
  }

  /**
   * Reads the quantifier (if any) after an atom; {@code closed} is the group the atom is, or null.
   */
  private String quantifier(Group closed) {
    Group here = groups.peek();
    if (closed != null) {
      here.quantified |= closed.quantified;
      here.alternatives |= closed.alternatives;
    }
    long[] range = range();
    if (range == null) {
      here.lastWasUnbounded = false;
      return null;
    }
    here.quantified = true;
    long min = range[0];
    long max = range[1];
    if (closed != null && max > 1 && (closed.quantified || closed.alternatives)) {
      return "The regular expression repeats a group that contains a quantifier or alternatives"
          + " (like (a+)+ or (a|b)*), which can take exponential time; rewrite it without.";
    }
    boolean isUnbounded = max == Long.MAX_VALUE || max - min > WIDE_RANGE;
    if (!isUnbounded) {
      here.lastWasUnbounded = false;
      return null;
    }
    if (here.lastWasUnbounded) {
      return "The regular expression has two unbounded quantifiers in a row (like .*.*), which"
          + " multiply its cost; one is enough.";
    }
    here.lastWasUnbounded = true;
    if (++unbounded > MAX_UNBOUNDED) {
      return "The regular expression has more than "
          + MAX_UNBOUNDED
          + " unbounded quantifiers (*, +, {n,}); at most "
          + MAX_UNBOUNDED
          + " are accepted.";
    }
    return null;
  }

  /** {min, max} of the quantifier at pos (consumed, with a lazy/possessive suffix), or null. */
  private long[] range() {
    if (pos >= re.length()) {
      return null;
    }
    char q = re.charAt(pos);
    long[] r;
    if (q == '*') {
      r = new long[] {0, Long.MAX_VALUE};
      pos++;
    } else if (q == '+') {
      r = new long[] {1, Long.MAX_VALUE};
      pos++;
    } else if (q == '?') {
      r = new long[] {0, 1};
      pos++;
    } else if (q == '{') {
      int end = re.indexOf('}', pos);
      if (end < 0) {
        return null;
      }
      r = bounds(re.substring(pos + 1, end));
      if (r == null) {
        return null;
      }
      pos = end + 1;
    } else {
      return null;
    }
    if (pos < re.length() && (re.charAt(pos) == '?' || re.charAt(pos) == '+')) {
      pos++;
    }
    return r;
  }

  private static long[] bounds(String inner) {
    try {
      int comma = inner.indexOf(',');
      if (comma < 0) {
        long n = Long.parseLong(inner.trim());
        return new long[] {n, n};
      }
      long min = Long.parseLong(inner.substring(0, comma).trim());
      String hi = inner.substring(comma + 1).trim();
      return new long[] {min, hi.isEmpty() ? Long.MAX_VALUE : Long.parseLong(hi)};
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
