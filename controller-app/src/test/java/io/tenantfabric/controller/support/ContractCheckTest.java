package io.tenantfabric.controller.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpHeaders;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The check every integration test's exchange goes through is strict: an answer with a field the
 * document does not list, a status it does not list, or a null where it says never, fails.
 */
class ContractCheckTest {

  private static final String TENANT =
      """
      {"name":"acme","displayName":"Acme","gpuQuota":8,"liveGpus":0,"vni":null,"prefix":null,
       "vsiName":"t-acme","createdAt":"2026-12-04T10:00:00Z"%s}""";

  private static HttpHeaders headers(Map<String, List<String>> h) {
    return HttpHeaders.of(h, (a, b) -> true);
  }

  private static List<String> answer(int status, String contentType, String body) {
    return ContractCheck.problems(
        "GET",
        "/api/v1/tenants/acme",
        headers(Map.of("Authorization", List.of("Bearer tf_x"))),
        null,
        status,
        headers(Map.of("Content-Type", List.of(contentType), "X-Request-Id", List.of("r-1"))),
        body,
        true);
  }

  @Test
  void aDocumentedAnswerPasses() {
    assertThat(answer(200, "application/json", TENANT.formatted(""))).isEmpty();
  }

  @Test
  void aFieldTheDocumentDoesNotListFails() {
    assertThat(answer(200, "application/json", TENANT.formatted(",\"surprise\":1")))
        .anySatisfy(p -> assertThat(p).contains("surprise"));
  }

  @Test
  void aNullWhereTheDocumentSaysNeverFails() {
    String body = TENANT.formatted("").replace("\"displayName\":\"Acme\"", "\"displayName\":null");
    assertThat(answer(200, "application/json", body)).isNotEmpty();
  }

  @Test
  void aStatusTheDocumentDoesNotListFails() {
    assertThat(
            answer(418, "application/problem+json", "{\"title\":\"I'm a teapot\",\"status\":418}"))
        .anySatisfy(p -> assertThat(p).contains("418"));
  }

  @Test
  void aProblemWithAnUnlistedMemberFails() {
    assertThat(
            answer(
                404,
                "application/problem+json",
                "{\"title\":\"Tenant not found\",\"status\":404,\"hint\":\"x\"}"))
        .anySatisfy(p -> assertThat(p).contains("hint"));
  }

  @Test
  void pathsOutsideTheApiAreNotTheDocumentsBusiness() {
    assertThat(ContractCheck.covers("/actuator/health")).isFalse();
    assertThat(ContractCheck.covers("/v3/api-docs")).isFalse();
    assertThat(ContractCheck.covers("/api/v1/tenants")).isTrue();
  }
}
