package io.tenantfabric.client;

import java.util.Optional;

/** The committed docs/openapi.json that the working tree's document is compared with. */
final class BaseDocument {

  /** The document's path from the repository root. */
  static final String DOCUMENT = "docs/openapi.json";

  /**
   * Where the base was taken from, and the document there; empty when that commit has no document
   * (the commit before the document's first one).
   */
  record Base(String description, Optional<String> document) {}

  private BaseDocument() {}

  /**
   * Reads the base document with {@code git}, run in the repository root.
   *
   * @param fromEnvironment the value of {@code API_BASE_REF}, or null
   * @throws IllegalStateException when git cannot be run, the directory is not a git work tree, or
   *     the base cannot be found
   */
  static Base locate(Git git, String fromEnvironment) {
    Git.Result workTree = git.run("rev-parse", "--is-inside-work-tree");
    if (!workTree.succeeded() || !"true".equals(workTree.out().strip())) {
      throw new IllegalStateException(
          "not a git work tree: the API compatibility check compares "
              + DOCUMENT
              + " with the committed document at the branch's merge base and needs the"
              + " repository's history ("
              + workTree.err().strip()
              + ")");
    }
    String ref =
        BaseRevision.baseRef(
            fromEnvironment,
            candidate -> git.succeeds("rev-parse", "--verify", "--quiet", candidate + "^{commit}"));
    String head = git.output("rev-parse", "--verify", "HEAD^{commit}");
    Git.Result mergeBase = git.run("merge-base", "HEAD", ref);
    if (!mergeBase.succeeded()) {
      throw new IllegalStateException(
          "no merge base of HEAD and "
              + ref
              + ": name the branch to compare with in "
              + BaseRevision.BASE_REF_VARIABLE
              + " (a shallow clone may lack the history) ("
              + mergeBase.err().strip()
              + ")");
    }
    String revision = BaseRevision.revision(mergeBase.out().strip(), head);
    Git.Result commit = git.run("rev-parse", "--verify", "--quiet", revision + "^{commit}");
    if (!commit.succeeded()) {
      if ("true".equals(git.output("rev-parse", "--is-shallow-repository"))) {
        throw new IllegalStateException(
            revision + " is not in this shallow clone: fetch more history to compare " + DOCUMENT);
      }
      // only HEAD~1 can be missing here: HEAD is the repository's first commit
      return new Base(
          revision + " (HEAD " + abbreviate(head) + " is the first commit, on " + ref + ")",
          Optional.empty());
    }
    String id = commit.out().strip();
    String description =
        BaseRevision.PREVIOUS_COMMIT.equals(revision)
            ? "HEAD~1 " + abbreviate(id) + " (HEAD is on " + ref + ")"
            : "the merge base of HEAD and " + ref + ", " + abbreviate(id);
    // ./ : the path from the working directory (the repository root), wherever git's top level is
    String blob = id + ":./" + DOCUMENT;
    if (!git.succeeds("cat-file", "-e", blob)) {
      return new Base(description, Optional.empty());
    }
    return new Base(description, Optional.of(git.output("show", blob)));
  }

  private static String abbreviate(String commit) {
    return commit.length() > 12 ? commit.substring(0, 12) : commit;
  }
}
