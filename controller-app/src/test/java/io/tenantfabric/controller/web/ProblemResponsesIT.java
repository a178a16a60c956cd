package io.tenantfabric.controller.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The web edge over HTTP, filters and error dispatch included: every failure is a problem with the
 * request id. What the advice makes of each refusal and server failure is {@code
 * ProblemAdviceTest}.
 */
@ControllerIT
class ProblemResponsesIT {

  @LocalServerPort int port;

  ApiClient api() {
    return new ApiClient(port);
  }

  /** For the requests this class sends malformed on purpose: the answers are still checked. */
  ApiClient malformed() {
    return api().sendingMalformedRequests();
  }

  private static void assertProblem(ApiClient.Response r, int status) {
    assertThat(r.status()).as(r.toString()).isEqualTo(status);
    assertThat(r.isProblem()).as(r.toString()).isTrue();
    assertThat(r.json().get("status").asInt()).isEqualTo(status);
    assertThat(r.json().get("title").asString()).isNotBlank();
    assertThat(r.json().get("requestId").asString())
        .isEqualTo(r.header("X-Request-Id").orElseThrow());
  }

  @Test
  void requestIdIsEchoedWhenSaneAndReplacedOtherwise() {
    ApiClient.Response ok = api().get("/api/v1/tokens", "X-Request-Id", "abc-123");
    assertThat(ok.header("X-Request-Id")).hasValue("abc-123");
    ApiClient.Response replaced = malformed().get("/api/v1/nope", "X-Request-Id", "<script>");
    assertProblem(replaced, 404);
    assertThat(replaced.header("X-Request-Id").orElseThrow()).matches("[0-9a-f-]{36}");
  }

  @Test
  void unknownPathIs404Problem() {
    assertProblem(malformed().get("/api/v1/does-not-exist"), 404);
  }

  @Test
  void wrongMethodIs405Problem() {
    assertProblem(malformed().send("PATCH", "/api/v1/tokens", "{}"), 405);
  }

  @Test
  void wrongContentTypeIs415Problem() {
    assertProblem(
        malformed().send("POST", "/api/v1/tokens", "role=AUDITOR", "Content-Type", "text/plain"),
        415);
  }

  @Test
  void malformedJsonIs400Problem() {
    ApiClient.Response r = malformed().send("POST", "/api/v1/tokens", "{\"role\": ");
    assertProblem(r, 400);
    assertThat(r.json().get("title").asString()).isEqualTo("Malformed JSON");
  }

  @Test
  void unknownFieldIsNamed() {
    ApiClient.Response r =
        malformed().send("POST", "/api/v1/tokens", "{\"role\":\"AUDITOR\",\"admin\":true}");
    assertProblem(r, 400);
    assertThat(r.json().get("field").asString()).isEqualTo("admin");
  }

  @Test
  void wrongTypeIsNamed() {
    ApiClient.Response r = malformed().send("POST", "/api/v1/tokens", "{\"role\":5}");
    assertProblem(r, 400);
    assertThat(r.json().get("field").asString()).isEqualTo("role");
  }

  @Test
  void missingFieldIsNamedInErrors() {
    ApiClient.Response r = malformed().send("POST", "/api/v1/tokens", "{\"label\":\"x\"}");
    assertProblem(r, 400);
    assertThat(r.json().get("field").asString()).isEqualTo("role");
    assertThat(r.json().get("errors").get(0).get("field").asString()).isEqualTo("role");
  }

  @Test
  void badPathVariableIsNamed() {
    ApiClient.Response r = malformed().delete("/api/v1/tokens/not-a-uuid");
    assertProblem(r, 400);
    assertThat(r.json().get("field").asString()).isEqualTo("id");
  }

  @Test
  void oversizedBodyIs413WithOrWithoutContentLength() {
    char[] big = new char[70 * 1024];
    Arrays.fill(big, 'a');
    String body = "{\"role\":\"AUDITOR\",\"label\":\"" + new String(big) + "\"}";
    assertProblem(malformed().send("POST", "/api/v1/tokens", body), 413);
    assertProblem(
        malformed().sendChunked("POST", "/api/v1/tokens", body.getBytes(StandardCharsets.UTF_8)),
        413);
  }

  @Test
  void noTokenIs401AndWrongRoleIs403Problems() {
    ApiClient.Response anonymous = api().withToken(null).get("/api/v1/tokens");
    assertProblem(anonymous, 401);
    assertThat(anonymous.header("WWW-Authenticate").orElseThrow()).startsWith("Bearer");
    assertProblem(api().as(Role.AUDITOR, null).get("/api/v1/tokens"), 403);
  }

  @Test
  void badTokenIs401AndNeverEchoed() {
    String secret = "tf_this-is-not-a-token-but-looks-like-one-1234";
    ApiClient.Response r = api().withToken(secret).get("/api/v1/tokens");
    assertProblem(r, 401);
    assertThat(r.body()).doesNotContain(secret);
    assertProblem(api().get("/api/v1/tokens", "Authorization", "Basic YWRtaW46YWRtaW4="), 401);
  }

  @Test
  void encodedDotsAreRejectedAsProblem() {
    ApiClient.Response r = malformed().get("/api/v1/tenants/%2e%2e/allocations");
    assertThat(r.status()).as(r.toString()).isBetween(400, 404);
    assertThat(r.isProblem()).as(r.toString()).isTrue();
  }

  @Test
  void healthIsOpenAndApiDocsNeedAnOperatorUnlessConfiguredPublic() {
    assertThat(api().withToken(null).get("/actuator/health").status()).isEqualTo(200);
    assertThat(api().withToken(null).get("/v3/api-docs").status()).isEqualTo(401);
    assertThat(api().withToken(null).get("/swagger-ui/index.html").status()).isEqualTo(401);
    ApiClient.Response docs = api().get("/v3/api-docs");
    assertThat(docs.status()).isEqualTo(200);
    assertThat(docs.json().at("/components/securitySchemes/bearerToken/scheme").asString())
        .isEqualTo("bearer");
    assertThat(docs.json().at("/paths").has("/api/v1/tokens")).isTrue();
  }
}
