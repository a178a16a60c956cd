package io.tenantfabric.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which committed document is the base, in small repositories made for each case. */
class BaseDocumentTest {

  @TempDir Path parent;

  private Path repository;
  private Git git;

  @BeforeEach
  void repository() throws IOException {
    repository = Files.createDirectory(parent.resolve("repository"));
    // git looks no higher than the temporary directory: a repository around it is not this one
    git = new Git(repository, Map.of("GIT_CEILING_DIRECTORIES", parent.toString()));
  }

  private void init() {
    git.output("init", "-q", "-b", "main");
  }

  private String commit(String document) throws IOException {
    Path file = repository.resolve(BaseDocument.DOCUMENT);
    Files.createDirectories(file.getParent());
    if (document == null) {
      Files.writeString(repository.resolve("README"), "readme " + System.nanoTime());
    } else {
      Files.writeString(file, document, StandardCharsets.UTF_8);
    }
    git.output("add", "-A");
    git.output(
        "-c",
        "user.name=Test",
        "-c",
        "user.email=test@example.org",
        "-c",
        "commit.gpgsign=false",
        "commit",
        "-q",
        "-m",
        "change");
    return git.output("rev-parse", "HEAD");
  }

  @Test
  void onTheBaseBranchTheDocumentBeforeTheLastCommitIsTheBase() throws IOException {
    init();
    commit("{\"v\": 1}");
    commit("{\"v\": 2}");

    BaseDocument.Base base = BaseDocument.locate(git, null);

    assertThat(base.document()).hasValue("{\"v\": 1}");
    assertThat(base.description()).startsWith("HEAD~1 ").endsWith("(HEAD is on main)");
  }

  @Test
  void aBranchIsComparedWithItsMergeBaseNotWithTheBranchTip() throws IOException {
    init();
    commit("{\"v\": 1}");
    git.output("checkout", "-q", "-b", "feature");
    commit("{\"v\": 2}");
    commit("{\"v\": 3}");
    git.output("checkout", "-q", "main");
    commit("{\"v\": 4}");
    git.output("checkout", "-q", "feature");

    BaseDocument.Base base = BaseDocument.locate(git, null);

    assertThat(base.document()).hasValue("{\"v\": 1}");
    assertThat(base.description()).startsWith("the merge base of HEAD and main, ");
  }

  @Test
  void theEnvironmentNamesAnotherBaseBranch() throws IOException {
    init();
    commit("{\"v\": 1}");
    git.output("branch", "release");
    commit("{\"v\": 2}");
    git.output("checkout", "-q", "-b", "feature");
    commit("{\"v\": 3}");

    assertThat(BaseDocument.locate(git, "release").document()).hasValue("{\"v\": 1}");
    assertThat(BaseDocument.locate(git, null).document()).hasValue("{\"v\": 2}");
  }

  @Test
  void beforeTheDocumentsFirstCommitThereIsNothingToCompare() throws IOException {
    init();
    commit(null);
    commit("{\"v\": 1}");

    assertThat(BaseDocument.locate(git, null).document()).isEmpty();
  }

  @Test
  void theRepositorysFirstCommitHasNothingBeforeIt() throws IOException {
    init();
    commit("{\"v\": 1}");

    BaseDocument.Base base = BaseDocument.locate(git, null);

    assertThat(base.document()).isEmpty();
    assertThat(base.description()).contains("is the first commit");
  }

  @Test
  void aBaseBranchThatDoesNotExistFailsWithTheVariableToSet() throws IOException {
    init();
    commit("{\"v\": 1}");

    assertThatThrownBy(() -> BaseDocument.locate(git, "no-such-branch"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no merge base of HEAD and no-such-branch")
        .hasMessageContaining("API_BASE_REF");
  }

  @Test
  void aDirectoryThatIsNotAGitWorkTreeFails() {
    assertThatThrownBy(() -> BaseDocument.locate(git, null))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("not a git work tree");
  }

  @Test
  void gitThatCannotBeStartedFails() {
    Git nowhere = new Git(parent.resolve("missing"));
    assertThatThrownBy(() -> nowhere.run("status"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("git could not be started")
        .hasMessageContaining("is git installed and on the PATH?");
  }
}
