package io.tenantfabric.emulator.datastore;

import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A compiled H3C {@code regExp} content filter (comware-facts.md §2.5) that passed {@link
 * RegExpGuard}; {@link #find} is a {@code Matcher.find} limited by a {@link MatchBudget}.
 */
final class RegExpFilter {
  private final Pattern pattern;

  private RegExpFilter(Pattern pattern) {
    this.pattern = pattern;
  }

  /**
   * Compiles {@code re} found on the filter element {@code column}: bad-attribute when it is not a
   * regular expression, invalid-value when {@link RegExpGuard} refuses it.
   */
  static RegExpFilter compile(String re, String column) throws RpcException {
    // Length first, so that an enormous pattern is never compiled.
    if (re.length() > RegExpGuard.MAX_LENGTH) {
      throw refused(RegExpGuard.problem(re).orElseThrow(), column);
    }
    Pattern p;
    try {
      p = Pattern.compile(re);
    } catch (PatternSyntaxException ex) {
      throw new RpcException(
          NetconfError.protocol("bad-attribute", "The regular expression is invalid.")
              .withInfo("bad-attribute", "regExp"));
    }
    Optional<String> problem = RegExpGuard.problem(re);
    if (problem.isPresent()) {
      throw refused(problem.get(), column);
    }
    return new RegExpFilter(p);
  }

  private static RpcException refused(String problem, String column) {
    return new RpcException(
        NetconfError.protocol("invalid-value", problem)
            .withInfo("bad-attribute", "regExp")
            .withInfo("bad-element", column));
  }

  /** True when the pattern occurs in {@code value}; throws RegExpTimeoutException past budget. */
  boolean find(String value, MatchBudget budget) {
    return pattern.matcher(new BudgetedCharSequence(value, budget)).find();
  }

  @Override
  public String toString() {
    return pattern.pattern();
  }
}
