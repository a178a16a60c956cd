package io.tenantfabric.client;

import java.util.function.Predicate;

/** Which committed document a change to docs/openapi.json is compared with. */
final class BaseRevision {

  /** The environment variable that names the branch to compare with. */
  static final String BASE_REF_VARIABLE = "API_BASE_REF";

  static final String REMOTE_MAIN = "origin/main";
  static final String LOCAL_MAIN = "main";

  /** The base when HEAD is on the base branch itself: the commit before it. */
  static final String PREVIOUS_COMMIT = "HEAD~1";

  private BaseRevision() {}

  /**
   * The branch to compare with: {@code API_BASE_REF} when set, else {@code origin/main} where that
   * ref exists, else {@code main}.
   */
  static String baseRef(String fromEnvironment, Predicate<String> refExists) {
    if (fromEnvironment != null && !fromEnvironment.isBlank()) {
      return fromEnvironment.trim();
    }
    return refExists.test(REMOTE_MAIN) ? REMOTE_MAIN : LOCAL_MAIN;
  }

  /**
   * The revision whose document is the base: the merge base of HEAD and the base branch, or, when
   * HEAD is on the base branch (the merge base is HEAD), the commit before HEAD, so that the last
   * commit's change (and any uncommitted one) is what gets checked.
   */
  static String revision(String mergeBase, String head) {
    return mergeBase.equals(head) ? PREVIOUS_COMMIT : mergeBase;
  }
}
