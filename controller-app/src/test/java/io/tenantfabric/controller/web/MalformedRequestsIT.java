package io.tenantfabric.controller.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * A table of malformed or refused requests: each gets a 4xx {@code application/problem+json} body
 * that names the field at fault where one is, and afterwards every table but the audit trail holds
 * exactly what it held before.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(OutputCaptureExtension.class)
class MalformedRequestsIT {
  private static final Logger LOG = LoggerFactory.getLogger(MalformedRequestsIT.class);

  /** A request, the status it must get, and the field it must name (null: none required). */
  record Case(
      String name,
      String method,
      String path,
      String body,
      String field,
      int status,
      String... headers) {}

  static final String TENANTS = "/api/v1/tenants";
  static final String ALLOCS = "/api/v1/tenants/acme/allocations";

  static String tenant(String name, String displayName, String quota) {
    return "{\"name\":" + name + ",\"displayName\":" + displayName + ",\"gpuQuota\":" + quota + "}";
  }

  static String repeat(char c, int n) {
    return String.valueOf(c).repeat(n);
  }

  static final List<Case> CASES =
      List.of(
          // malformed JSON
          new Case(
              "truncated JSON", "POST", TENANTS, "{\"name\":\"beta\",\"gpuQuota\":", null, 400),
          new Case("not JSON at all", "POST", TENANTS, "name=beta", null, 400),
          new Case("empty body", "POST", TENANTS, "", null, 400),
          new Case("array instead of object", "POST", TENANTS, "[]", null, 400),
          new Case(
              "trailing garbage",
              "POST",
              TENANTS,
              tenant("\"beta\"", "\"B\"", "8") + " {}",
              null,
              400),
          new Case(
              "duplicate key",
              "POST",
              TENANTS,
              "{\"name\":\"beta\",\"name\":\"gamma\",\"displayName\":\"B\",\"gpuQuota\":8}",
              "name",
              400),
          // unknown and missing fields
          new Case(
              "unknown field",
              "POST",
              TENANTS,
              "{\"name\":\"beta\",\"displayName\":\"B\",\"gpuQuota\":8,\"vni\":10001}",
              "vni",
              400),
          new Case(
              "missing gpuQuota",
              "POST",
              TENANTS,
              "{\"name\":\"beta\",\"displayName\":\"B\"}",
              "gpuQuota",
              400),
          new Case(
              "missing name",
              "POST",
              TENANTS,
              "{\"displayName\":\"B\",\"gpuQuota\":8}",
              "name",
              400),
          new Case("missing gpus", "POST", ALLOCS, "{}", "gpus", 400),
          // wrong types
          new Case("name as number", "POST", TENANTS, tenant("5", "\"B\"", "8"), "name", 400),
          new Case(
              "gpuQuota as string",
              "POST",
              TENANTS,
              tenant("\"beta\"", "\"B\"", "\"8\""),
              "gpuQuota",
              400),
          new Case(
              "gpuQuota as boolean",
              "POST",
              TENANTS,
              tenant("\"beta\"", "\"B\"", "true"),
              "gpuQuota",
              400),
          new Case(
              "gpuQuota null",
              "POST",
              TENANTS,
              tenant("\"beta\"", "\"B\"", "null"),
              "gpuQuota",
              400),
          new Case(
              "displayName as object",
              "POST",
              TENANTS,
              tenant("\"beta\"", "{}", "8"),
              "displayName",
              400),
          // gpus out of range or of the wrong type
          new Case("gpus 0", "POST", ALLOCS, "{\"gpus\":0}", "gpus", 400),
          new Case("gpus -1", "POST", ALLOCS, "{\"gpus\":-1}", "gpus", 400),
          new Case("gpus 1e9", "POST", ALLOCS, "{\"gpus\":1e9}", "gpus", 400),
          new Case("gpus 1000000000", "POST", ALLOCS, "{\"gpus\":1000000000}", "gpus", 400),
          new Case("gpus \"8\"", "POST", ALLOCS, "{\"gpus\":\"8\"}", "gpus", 400),
          new Case("gpus 8.5", "POST", ALLOCS, "{\"gpus\":8.5}", "gpus", 400),
          new Case("gpus beyond the tenant quota", "POST", ALLOCS, "{\"gpus\":17}", null, 409),
          // names: unicode, SQL, path characters, length
          new Case(
              "name with unicode", "POST", TENANTS, tenant("\"bêta\"", "\"B\"", "8"), "name", 400),
          new Case(
              "name with SQL",
              "POST",
              TENANTS,
              tenant("\"a'; drop table tenants;--\"", "\"B\"", "8"),
              "name",
              400),
          new Case(
              "name with path characters",
              "POST",
              TENANTS,
              tenant("\"../x\"", "\"B\"", "8"),
              "name",
              400),
          new Case(
              "name too long",
              "POST",
              TENANTS,
              tenant("\"" + repeat('a', 30) + "\"", "\"B\"", "8"),
              "name",
              400),
          new Case(
              "displayName with control character",
              "POST",
              TENANTS,
              tenant("\"beta\"", "\"B\\u0000\"", "8"),
              "displayName",
              400),
          new Case(
              "displayName too long",
              "POST",
              TENANTS,
              tenant("\"beta\"", "\"" + repeat('d', 201) + "\"", "8"),
              "displayName",
              400),
          new Case(
              "gpuQuota 0", "POST", TENANTS, tenant("\"beta\"", "\"B\"", "0"), "gpuQuota", 400),
          new Case(
              "duplicate tenant", "POST", TENANTS, tenant("\"acme\"", "\"Again\"", "8"), null, 409),
          // paths
          new Case(
              "unknown tenant",
              "POST",
              "/api/v1/tenants/nosuch/allocations",
              "{\"gpus\":1}",
              null,
              404),
          new Case(
              "tenant path with unicode", "GET", "/api/v1/tenants/b%C3%AAta", null, "tenant", 400),
          new Case(
              "encoded dot-dot in path",
              "GET",
              "/api/v1/tenants/%2e%2e/allocations",
              null,
              null,
              400),
          new Case("dot-dot in path", "GET", "/api/v1/tenants/acme/../../tokens", null, null, 400),
          new Case("allocation id not a UUID", "GET", ALLOCS + "/not-a-uuid", null, "id", 400),
          new Case(
              "unknown allocation",
              "DELETE",
              ALLOCS + "/00000000-0000-0000-0000-000000000000",
              null,
              null,
              404),
          new Case(
              "switch name with spaces",
              "POST",
              "/api/v1/fabric/devices/Leaf%2001/drain",
              null,
              "name",
              400),
          new Case(
              "unknown switch", "POST", "/api/v1/fabric/devices/leaf-99/drain", null, null, 404),
          new Case("bad GPU id", "POST", "/api/v1/fabric/gpus/nope/cordon", null, "gpuId", 400),
          new Case("page size not a number", "GET", TENANTS + "?size=abc", null, "size", 400),
          new Case("unknown path", "GET", "/api/v1/nothing-here", null, null, 404),
          new Case(
              "tenant with live allocations", "DELETE", "/api/v1/tenants/acme", null, null, 409),
          // headers and media types
          new Case(
              "Idempotency-Key with a space",
              "POST",
              ALLOCS,
              "{\"gpus\":1}",
              "Idempotency-Key",
              400,
              "Idempotency-Key",
              "bad key"),
          new Case(
              "Idempotency-Key too long",
              "POST",
              ALLOCS,
              "{\"gpus\":1}",
              "Idempotency-Key",
              400,
              "Idempotency-Key",
              repeat('k', 256)),
          new Case(
              "text/plain body", "POST", ALLOCS, "gpus=1", null, 415, "Content-Type", "text/plain"),
          new Case(
              "XML body",
              "POST",
              TENANTS,
              "<tenant><name>beta</name></tenant>",
              null,
              415,
              "Content-Type",
              "application/xml"),
          new Case("method not allowed", "PUT", TENANTS + "/acme", "{}", null, 405),
          new Case(
              "tenant patch as plain JSON",
              "PATCH",
              TENANTS + "/acme",
              "{\"gpuQuota\": 9}",
              null,
              415),
          // sizes
          new Case(
              "oversized tenant body",
              "POST",
              TENANTS,
              tenant("\"beta\"", "\"" + repeat('x', 70 * 1024) + "\"", "8"),
              null,
              413),
          new Case(
              "oversized fabric body",
              "PUT",
              "/api/v1/fabric",
              "{\"preset\":\"" + repeat('p', 1100 * 1024) + "\"}",
              null,
              413),
          // fabric and tokens
          new Case(
              "unknown preset",
              "PUT",
              "/api/v1/fabric",
              "{\"preset\":\"h3c-s9825-9\"}",
              "preset",
              422),
          new Case("preset as number", "PUT", "/api/v1/fabric", "{\"preset\":5}", "preset", 400),
          new Case(
              "device with bad host",
              "PUT",
              "/api/v1/fabric",
              "{\"preset\":\"h3c-s9825-1024\",\"devices\":[{\"name\":\"leaf-01\",\"role\":\"LEAF\",\"host\":\"a b\",\"port\":830,\"username\":\"u\",\"password\":\"p\",\"hostKeySha256\":\"SHA256:"
                  + repeat('A', 43)
                  + "\"}]}",
              "devices[0].host",
              400),
          new Case(
              "token role unknown", "POST", "/api/v1/tokens", "{\"role\":\"ROOT\"}", "role", 400),
          new Case(
              "TENANT token without tenant",
              "POST",
              "/api/v1/tokens",
              "{\"role\":\"TENANT\"}",
              "tenant",
              400),
          new Case(
              "TENANT token for unknown tenant",
              "POST",
              "/api/v1/tokens",
              "{\"role\":\"TENANT\",\"tenant\":\"nosuch\"}",
              "tenant",
              422),
          new Case(
              "revoke unknown token",
              "DELETE",
              "/api/v1/tokens/00000000-0000-0000-0000-000000000000",
              null,
              null,
              404),
          new Case(
              "audit since not a date",
              "GET",
              "/api/v1/audits/events?since=yesterday",
              null,
              "since",
              400));

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  ApiClient api;

  @BeforeAll
  void fabricTenantAndAllocation() {
    api = new ApiClient(port);
    assertThat(api.put("/api/v1/fabric", Map.of("preset", "h3c-s9825-1024")).status())
        .isIn(200, 201);
    ApiClient.Response t =
        api.post(TENANTS, Map.of("name", "acme", "displayName", "Acme", "gpuQuota", 16));
    assertThat(t.status()).as(t.toString()).isEqualTo(201);
    ApiClient.Response a = api.post(ALLOCS, Map.of("gpus", 8));
    assertThat(a.status()).as(a.toString()).isEqualTo(202);
  }

  @Test
  void everyMalformedRequestGetsA4xxProblemAndChangesNothing() {
    assertThat(CASES).hasSizeGreaterThanOrEqualTo(30);
    Map<String, String> before = snapshot();
    List<String> failures = new ArrayList<>();
    StringBuilder table = new StringBuilder();
    for (Case c : CASES) {
      ApiClient.Response r =
          api.sendingMalformedRequests().send(c.method(), c.path(), c.body(), c.headers());
      String problem = problemOf(r, c);
      table.append(
          String.format(
              "%-36s %d %s%n",
              c.name(),
              r.status(),
              r.isProblem() ? r.json().path("field").asString("") : r.contentType()));
      if (problem != null) {
        failures.add(c.name() + ": " + problem + " -- " + r);
      }
    }
    ApiClient.Response chunked =
        api.sendingMalformedRequests()
            .sendChunked(
                "PUT",
                "/api/v1/fabric",
                ("{\"preset\":\"" + repeat('p', 1100 * 1024) + "\"}")
                    .getBytes(StandardCharsets.UTF_8));
    if (chunked.status() != 413 || !chunked.isProblem()) {
      failures.add("oversized chunked fabric body: " + chunked);
    }
    LOG.debug("status and problem field per malformed request:\n{}", table);
    assertThat(failures).isEmpty();
    assertThat(snapshot()).isEqualTo(before);
  }

  @Test
  void anUnauthenticatedChunkedFormBodyGets413AndNoStackTrace(CapturedOutput output) {
    Map<String, String> before = snapshot();
    byte[] form = ("a=" + repeat('x', 100 * 1024)).getBytes(StandardCharsets.US_ASCII);
    for (String method : new String[] {"DELETE", "PUT", "PATCH", "POST"}) {
      ApiClient.Response r =
          api.withToken(null)
              .sendingMalformedRequests()
              .sendChunked(
                  method,
                  "/api/v1/tenants/x",
                  form,
                  "Content-Type",
                  "application/x-www-form-urlencoded");
      // the body limit answers before authentication; the form is never parsed
      assertThat(r.status()).as(method + " " + r).isEqualTo(413);
      assertThat(r.isProblem()).as(method + " " + r).isTrue();
    }
    ApiClient.Response authenticated =
        api.sendingMalformedRequests()
            .sendChunked(
                "DELETE",
                "/api/v1/tenants/x",
                form,
                "Content-Type",
                "application/x-www-form-urlencoded");
    assertThat(authenticated.status()).as(authenticated.toString()).isEqualTo(413);
    // a small form body is not parsed either: the API reads JSON only
    ApiClient.Response small =
        api.sendingMalformedRequests()
            .sendChunked(
                "POST",
                TENANTS,
                "name=beta&displayName=B&gpuQuota=1".getBytes(StandardCharsets.US_ASCII),
                "Content-Type",
                "application/x-www-form-urlencoded");
    assertThat(small.status()).as(small.toString()).isEqualTo(415);
    assertThat(output.getAll())
        .doesNotContain("Exception")
        .doesNotContain("\tat ")
        .doesNotContain("ERROR");
    assertThat(snapshot()).isEqualTo(before);
  }

  private static String problemOf(ApiClient.Response r, Case c) {
    if (r.status() != c.status()) {
      return "expected status " + c.status();
    }
    if (!r.isProblem()) {
      return "not application/problem+json";
    }
    JsonNode p = r.json();
    if (p.path("status").asInt() != c.status() || p.path("title").asString("").isBlank()) {
      return "problem without status or title";
    }
    if (c.field() != null && !c.field().equals(p.path("field").asString(null))) {
      return "expected field " + c.field();
    }
    return null;
  }

  /** Every table of the schema but the audit trail, as an md5 of its ordered rows. */
  private Map<String, String> snapshot() {
    Map<String, String> tables = new TreeMap<>();
    List<String> names =
        jdbc.queryForList(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
                + " AND table_type = 'BASE TABLE'"
                + " AND table_name NOT IN ('audit_events', 'audit_checkpoints')",
            String.class);
    assertThat(names).contains("tenants", "allocations", "allocation_gpus", "api_tokens", "gpus");
    for (String name : names) {
      // last_used_at moves with every authenticated request; it is bookkeeping, not state
      String row =
          name.equals("api_tokens")
              ? "(t.id, t.label, t.role, t.tenant, t.secret_hash, t.created_at, t.revoked_at)::text"
              : "t::text";
      tables.put(
          name,
          jdbc.queryForObject(
              "SELECT count(*) || ':' || coalesce(md5(string_agg("
                  + row
                  + ", ',' ORDER BY "
                  + row
                  + ")), '-') FROM \""
                  + name
                  + "\" t",
              String.class));
    }
    return tables;
  }
}
