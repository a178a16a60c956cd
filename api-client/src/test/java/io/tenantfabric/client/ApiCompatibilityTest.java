package io.tenantfabric.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * docs/openapi.json keeps the contract of the committed document at the branch's merge base, or
 * declares the break with a new major version in info.version.
 *
 * <p>The base is the merge base of HEAD and {@code API_BASE_REF} (else {@code origin/main} where it
 * exists, else {@code main}); on the base branch itself it is HEAD~1, so the last commit's change
 * is checked. The new document is the working tree's, uncommitted changes included.
 */
class ApiCompatibilityTest {

  private static final Logger LOG = LoggerFactory.getLogger(ApiCompatibilityTest.class);

  @Test
  void theDocumentKeepsTheBaseContractOrBumpsTheMajorVersion() throws IOException {
    Path root = repositoryRoot();
    Path document = root.resolve(BaseDocument.DOCUMENT);
    assertThat(document).as("the API document in the working tree").isRegularFile();

    BaseDocument.Base base =
        BaseDocument.locate(new Git(root), System.getenv(BaseRevision.BASE_REF_VARIABLE));

    String current = Files.readString(document, StandardCharsets.UTF_8);

    if (base.document().isEmpty()) {
      LOG.info(
          "nothing to compare: {} has no {}, the document is new since then",
          base.description(),
          BaseDocument.DOCUMENT);
      String version = BreakingChanges.infoVersion(current);
      assertThat(ApiVersion.major(version))
          .as(
              "the base (%s) has no document, so this one sets the contract: its info.version (%s)"
                  + " is semver X.Y.Z, for later breaks to be declared against",
              base.description(), version)
          .isPresent();
      return;
    }

    BreakingChanges.Verdict verdict = BreakingChanges.compare(base.document().get(), current);
    if (verdict.compatible()) {
      LOG.info(
          "{} is compatible with the document at {} (info.version {} -> {})",
          BaseDocument.DOCUMENT,
          base.description(),
          verdict.baseVersion(),
          verdict.newVersion());
    } else if (verdict.majorBumped()) {
      LOG.warn(
          "{} breaks the contract of the document at {}, declared by info.version {} -> {}:\n{}",
          BaseDocument.DOCUMENT,
          base.description(),
          verdict.baseVersion(),
          verdict.newVersion(),
          verdict.changeList());
    }
    if (!verdict.passes()) {
      fail(verdict.report(base.description()));
    }
  }

  /** The module's directory is the working directory; the repository root is its parent. */
  private static Path repositoryRoot() {
    Path module = Path.of("").toAbsolutePath();
    Path root = module.getParent();
    assertThat(root)
        .as("the repository root, the parent of the module directory %s", module)
        .isNotNull();
    assertThat(root.resolve("api-client"))
        .as("the tests run in api-client/, under the repository root")
        .isEqualTo(module);
    return root;
  }
}
