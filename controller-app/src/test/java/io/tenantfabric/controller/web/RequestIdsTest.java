package io.tenantfabric.controller.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RequestIdsTest {

  @Test
  void saneIdsAreKept() {
    assertThat(RequestIds.acceptOrGenerate("abc-123")).isEqualTo("abc-123");
    assertThat(RequestIds.acceptOrGenerate("01HZX3K8:trace.span_1"))
        .isEqualTo("01HZX3K8:trace.span_1");
  }

  @Test
  void missingOrUnsafeIdsAreReplacedByAUuid() {
    for (String bad :
        new String[] {null, "", "a b", "<script>", "x".repeat(65), "-leading", "line\nbreak"}) {
      assertThat(RequestIds.acceptOrGenerate(bad)).matches("[0-9a-f-]{36}");
    }
  }
}
