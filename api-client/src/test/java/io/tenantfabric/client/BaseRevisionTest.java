package io.tenantfabric.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class BaseRevisionTest {

  @Test
  void theEnvironmentNamesTheBaseBranchFirst() {
    assertThat(BaseRevision.baseRef("release/1.x", ref -> true)).isEqualTo("release/1.x");
    assertThat(BaseRevision.baseRef(" origin/develop ", ref -> false)).isEqualTo("origin/develop");
  }

  @Test
  void withoutItTheRemoteMainIsTheBaseWhereItExists() {
    assertThat(BaseRevision.baseRef(null, Set.of("origin/main", "main")::contains))
        .isEqualTo("origin/main");
    assertThat(BaseRevision.baseRef("  ", Set.of("origin/main")::contains))
        .isEqualTo("origin/main");
  }

  @Test
  void elseTheLocalMain() {
    assertThat(BaseRevision.baseRef(null, Set.of("main")::contains)).isEqualTo("main");
    assertThat(BaseRevision.baseRef("", ref -> false)).isEqualTo("main");
  }

  @Test
  void aBranchIsComparedWithItsMergeBase() {
    assertThat(BaseRevision.revision("abc123", "def456")).isEqualTo("abc123");
  }

  @Test
  void onTheBaseBranchTheCommitBeforeHeadIsTheBase() {
    assertThat(BaseRevision.revision("abc123", "abc123")).isEqualTo("HEAD~1");
  }
}
