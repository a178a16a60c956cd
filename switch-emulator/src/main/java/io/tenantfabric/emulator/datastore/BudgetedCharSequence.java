package io.tenantfabric.emulator.datastore;

/**
 * A string seen through {@link CharSequence} whose {@code charAt} checks a {@link MatchBudget}, so
 * that a backtracking {@link java.util.regex.Matcher} (which reads its input only through {@code
 * charAt}) stops with {@link RegExpTimeoutException} instead of running for minutes.
 */
final class BudgetedCharSequence implements CharSequence {
  /** Reading the thread's CPU clock costs far more than a charAt: look every this many calls. */
  private static final int CHECK_EVERY = 1024;

  private final String value;
  private final MatchBudget budget;
  private int calls;

  BudgetedCharSequence(String value, MatchBudget budget) {
    this.value = value;
    this.budget = budget;
  }

  @Override
  public char charAt(int index) {
    // The first call checks too, so an already spent budget stops the very first match.
    if (calls++ % CHECK_EVERY == 0) {
      budget.check();
    }
    return value.charAt(index);
  }

  @Override
  public int length() {
    // Matcher asks for the length once per match before reading: every match is checked.
    budget.check();
    return value.length();
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return new BudgetedCharSequence(value.substring(start, end), budget);
  }

  @Override
  public String toString() {
    return value;
  }
}
