package io.tenantfabric.controller.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.OnboardedFabric;
import io.tenantfabric.controller.support.Tamper;
import io.tenantfabric.db.testing.TestDatabases;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A tenant's own isolation evidence, over real SSH to the emulated fabric and real PostgreSQL: a
 * TENANT token reads its ports as the switches showed them to the latest audit, gets 404 for
 * another tenant's, and checks its receipt against the audit trail; a tampered event makes the
 * receipt fail. When two tenants' isolation is broken by hand, each tenant's token sees of the
 * other only that there is one, while an operator sees both; findings are a tenant's by id, so a
 * new tenant with a deleted one's name sees none of its findings; and an audit stored without
 * owners shows a tenant nothing of the others. Audits run only when asked for ({@code after-batch}
 * off), so each test knows which audit is the latest.
 */
@ControllerIT
@TestPropertySource(properties = "fabric.isolation.after-batch=false")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TenantEvidenceIT {

  private static final HexFormat HEX = HexFormat.of();

  @RegisterExtension final OnboardedFabric fabric = new OnboardedFabric("h3c-s9825-1024");
  @Autowired TestDatabases.Schema schema;
  @Autowired JdbcTemplate jdbc;

  ApiClient operator;
  ApiClient acme;
  ApiClient initech;
  JsonNode acmeAllocation;
  JsonNode initechAllocation;

  @BeforeAll
  void twoTenantsAndAnAudit() {
    operator = fabric.api();
    acmeAllocation = lease("acme", 2);
    initechAllocation = lease("initech", 1);
    JsonNode audit = operator.post("/api/v1/audits/isolation?wait=PT60S", Map.of()).json();
    assertThat(audit.get("status").asString()).as(audit.toString()).isEqualTo("CLEAN");
    acme = operator.withToken(operator.createToken(Role.TENANT, "acme").secret());
    initech = operator.withToken(operator.createToken(Role.TENANT, "initech").secret());
  }

  @Test
  void aTenantReadsItsPortsAsTheSwitchesShowedThem() {
    ApiClient.Response r = acme.get("/api/v1/tenants/acme/isolation");
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    JsonNode e = r.json();
    int vni = operator.get("/api/v1/tenants/acme").json().get("vni").asInt();
    List<String> allocated = new ArrayList<>();
    acmeAllocation.get("gpus").forEach(g -> allocated.add(g.get("port").asString()));
    assertThat(e.get("ports")).hasSize(2);
    for (JsonNode p : e.get("ports")) {
      assertThat(allocated).contains(p.get("port").asString());
      JsonNode seen = p.get("observed");
      assertThat(seen.isNull()).as(p.toString()).isFalse();
      assertThat(seen.get("adminUp").asBoolean()).isTrue();
      assertThat(seen.get("vsi").asString()).isEqualTo("t-acme");
      assertThat(seen.get("vni").asInt()).isEqualTo(vni);
      assertThat(seen.get("inboundAcl").asString()).isEqualTo("t-acme-in");
      assertThat(seen.get("lossless").asBoolean()).isTrue();
      assertThat(p.get("auditId").asString()).isEqualTo(e.get("audit").get("id").asString());
    }
    assertThat(e.get("findings")).isEmpty();
    assertThat(e.get("audit").get("status").asString()).isEqualTo("CLEAN");
    assertThat(e.get("digest").asString()).startsWith("sha256:");
    assertThat(e.get("receipt").get("eventId").asLong()).isPositive();
  }

  @Test
  void anotherTenantsEvidenceIsNotFound() {
    ApiClient.Response r = acme.get("/api/v1/tenants/initech/isolation");
    assertThat(r.status()).as(r.toString()).isEqualTo(404);
    assertThat(r.isProblem()).isTrue();
  }

  @Test
  void theReceiptChecksOutUntilItsEventIsTamperedWith() throws Exception {
    JsonNode receipt = acme.get("/api/v1/tenants/acme/isolation").json().get("receipt");
    long id = receipt.get("eventId").asLong();
    String hash = receipt.get("hash").asString();
    String check = "/api/v1/audits/events/receipt?id=" + id + "&hash=" + hash;

    JsonNode ok = acme.get(check).json();
    assertThat(ok.get("matches").asBoolean()).as(ok.toString()).isTrue();
    assertThat(ok.get("chainIntact").asBoolean()).as(ok.toString()).isTrue();

    // the event's details (the digest of what the tenant was shown) rewritten by someone with the
    // owner's credentials: its hash no longer matches its content
    Tamper.auditEvents(
        schema,
        "UPDATE audit_events SET details = jsonb_set(details, '{digest}', '\"sha256:00\"')"
            + " WHERE id = "
            + id);
    JsonNode broken = acme.get(check).json();
    assertThat(broken.get("matches").asBoolean()).as(broken.toString()).isFalse();
    assertThat(broken.get("chainIntact").asBoolean()).as(broken.toString()).isFalse();
    assertThat(broken.get("brokenAt").asLong()).isEqualTo(id);
  }

  @Test
  void aTenantSeesNothingOfTheTenantItsIsolationWasBrokenWith() {
    // on a leaf that carries acme and not initech, acme's VSI is given initech's VNI by hand,
    // which joins acme's port there to initech's segment
    TreeSet<String> initechLeaves = leaves(initechAllocation);
    String leaf =
        leaves(acmeAllocation).stream()
            .filter(l -> !initechLeaves.contains(l))
            .findFirst()
            .orElseThrow(() -> new AssertionError("acme has no leaf without initech"));
    JsonNode acmeTenant = operator.get("/api/v1/tenants/acme").json();
    JsonNode initechTenant = operator.get("/api/v1/tenants/initech").json();
    fabric
        .control()
        .cli(
            leaf,
            List.of("vsi t-acme", " undo vxlan", " vxlan " + initechTenant.get("vni").asInt()));
    try {
      JsonNode audit = operator.post("/api/v1/audits/isolation?wait=PT60S", Map.of()).json();
      assertThat(audit.get("status").asString()).as(audit.toString()).isEqualTo("FINDINGS");

      JsonNode whole = operator.get("/api/v1/tenants/acme/isolation").json();
      assertThat(kinds(whole)).contains("CROSS_TENANT_PATH", "SHARED_SEGMENT", "VNI_MISMATCH");
      assertThat(names(whole)).contains("acme", "initech");
      assertThat(lines(whole)).anyMatch(l -> l.contains("t-initech"));
      assertThat(lines(whole)).anyMatch(l -> mentions(l, initechPortLine()));

      ApiClient.Response own = acme.get("/api/v1/tenants/acme/isolation");
      assertThat(own.status()).as(own.toString()).isEqualTo(200);
      assertShowsNothingOf(own, initechTenant, initechPortLine());
      JsonNode e = own.json();
      assertThat(kinds(e)).contains("CROSS_TENANT_PATH", "SHARED_SEGMENT", "VNI_MISMATCH");
      assertThat(names(e)).containsOnly("acme", "another tenant").contains("another tenant");
      assertThat(lines(e)).anyMatch(l -> l.contains("t-acme"));
      JsonNode broken = portOn(e, leaf).get("observed");
      assertThat(broken.get("vsi").asString()).isEqualTo("t-acme");
      assertThat(broken.get("vni").isNull()).as(broken.toString()).isTrue();
      assertReceiptCommitsToWhatWasShown(e);

      ApiClient.Response theirs = initech.get("/api/v1/tenants/initech/isolation");
      assertThat(theirs.status()).as(theirs.toString()).isEqualTo(200);
      assertShowsNothingOf(theirs, acmeTenant, portLine(acmeAllocation, leaf));
      assertThat(names(theirs.json())).containsOnly("initech", "another tenant");
    } finally {
      repairAndAuditClean(leaf);
    }
  }

  @Test
  void aTenantTakingADeletedTenantsNameSeesNoneOfItsFindings() {
    JsonNode allocation = lease("reused", 1);
    int vni = operator.get("/api/v1/tenants/reused").json().get("vni").asInt();
    String leaf = leafWithoutTenants(allocation);
    fabric.control().cli(leaf, List.of("vsi t-ghost", " vxlan " + vni));
    try {
      JsonNode audit =
          operator
              .post("/api/v1/audits/isolation?wait=PT60S", Map.of("switches", List.of(leaf)))
              .json();
      assertThat(names(audit)).as(audit.toString()).contains("reused");
      ApiClient.Response released =
          operator.delete(
              "/api/v1/tenants/reused/allocations/"
                  + allocation.get("id").asString()
                  + "?wait=PT60S");
      assertThat(released.status()).as(released.toString()).isEqualTo(200);
      ApiClient.Response deleted = operator.delete("/api/v1/tenants/reused");
      assertThat(deleted.status()).as(deleted.toString()).isEqualTo(204);
      ApiClient.Response again =
          operator.post(
              "/api/v1/tenants", Map.of("name", "reused", "displayName", "R", "gpuQuota", 1));
      assertThat(again.status()).as(again.toString()).isEqualTo(201);

      ApiClient newcomer = operator.withToken(operator.createToken(Role.TENANT, "reused").secret());
      JsonNode own = newcomer.get("/api/v1/tenants/reused/isolation").json();
      assertThat(own.get("findings")).as(own.toString()).isEmpty();
      JsonNode whole = operator.get("/api/v1/tenants/reused/isolation").json();
      assertThat(whole.get("findings")).as(whole.toString()).isEmpty();
    } finally {
      repairAndAuditClean(leaf);
    }
  }

  @Test
  void anAuditStoredWithoutOwnersShowsATenantNothingOfTheOthers() {
    // as an earlier release stored findings: by name only, lines without owners
    String findings =
        ApiClient.toJson(
            List.of(
                legacyFinding(
                    "CROSS_TENANT_PATH",
                    null,
                    List.of("acme", "initech"),
                    "ports of acme, initech share one layer-2 segment",
                    List.of(portLine(acmeAllocation, null), initechPortLine() + " (initech)")),
                legacyFinding(
                    "UNBOUND_PORT",
                    "leaf-01",
                    List.of("initech"),
                    "FourHundredGigE1/0/1 is allocated to initech but in no VSI",
                    List.of("interface FourHundredGigE1/0/1"))));
    UUID id = UUID.randomUUID();
    Timestamp now = Timestamp.from(Instant.now());
    jdbc.update(
        "INSERT INTO isolation_audits (id, trigger, status, requested_at, started_at,"
            + " finished_at, timings, counts, findings, not_managed, unreadable)"
            + " VALUES (?, 'API', 'FINDINGS', ?, ?, ?, '{}', '{}', CAST(? AS jsonb), '{}', '{}')",
        id,
        now,
        now,
        now,
        findings);
    try {
      ApiClient.Response own = acme.get("/api/v1/tenants/acme/isolation");
      assertThat(own.status()).as(own.toString()).isEqualTo(200);
      assertThat(own.body()).doesNotContain("initech");
      JsonNode path = own.json().get("findings").get(0);
      assertThat(own.json().get("findings")).hasSize(1);
      assertThat(path.get("kind").asString()).isEqualTo("CROSS_TENANT_PATH");
      assertThat(names(own.json())).containsExactly("acme", "another tenant");
      assertThat(path.get("evidence")).isEmpty();

      JsonNode whole = operator.get("/api/v1/tenants/acme/isolation").json();
      assertThat(names(whole)).contains("initech");
      assertThat(lines(whole)).hasSize(2);
    } finally {
      jdbc.update("DELETE FROM isolation_audits WHERE id = ?", id);
    }
  }

  private JsonNode lease(String tenant, int gpus) {
    ApiClient.Response t =
        operator.post(
            "/api/v1/tenants", Map.of("name", tenant, "displayName", tenant, "gpuQuota", gpus));
    assertThat(t.status()).as(t.toString()).isEqualTo(201);
    ApiClient.Response a =
        operator.post(
            "/api/v1/tenants/" + tenant + "/allocations?wait=PT60S", Map.of("gpus", gpus));
    assertThat(a.status()).as(a.toString()).isEqualTo(200);
    return a.json();
  }

  /**
   * Nothing of {@code other}: no name, VNI, prefix, port nor line of theirs; every tenant but the
   * reader is "another tenant".
   */
  private static void assertShowsNothingOf(
      ApiClient.Response r, JsonNode other, String otherPortLine) {
    String name = other.get("name").asString();
    String vni = Integer.toString(other.get("vni").asInt());
    String network = other.get("prefix").asString().split("/")[0];
    assertThat(r.body()).doesNotContain(name);
    JsonNode e = r.json();
    for (JsonNode f : e.get("findings")) {
      List<String> texts = new ArrayList<>(texts(f.get("evidence")));
      texts.add(f.get("summary").asString());
      for (String text : texts) {
        assertThat(words(text)).as(f.toString()).doesNotContain(vni, network);
        assertThat(mentions(text, otherPortLine)).as(f.toString()).isFalse();
      }
    }
    for (JsonNode p : e.get("ports")) {
      JsonNode seen = p.get("observed");
      if (seen != null && !seen.isNull() && !seen.get("vni").isNull()) {
        assertThat(seen.get("vni").asInt()).isNotEqualTo(other.get("vni").asInt());
      }
    }
  }

  /** The digest is SHA-256 of the compact JSON of exactly the ports and findings returned. */
  private static void assertReceiptCommitsToWhatWasShown(JsonNode e) {
    ObjectNode shown = ApiClient.json().createObjectNode();
    shown.set("ports", e.get("ports"));
    shown.set("findings", e.get("findings"));
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256")
              .digest(ApiClient.toJson(shown).getBytes(StandardCharsets.UTF_8));
      assertThat(e.get("digest").asString()).isEqualTo("sha256:" + HEX.formatHex(hash));
    } catch (NoSuchAlgorithmException x) {
      throw new AssertionError(x);
    }
  }

  /** Repairs {@code leaf} and audits the whole fabric CLEAN again, for the other tests. */
  private void repairAndAuditClean(String leaf) {
    ApiClient.Response r =
        operator.post("/api/v1/fabric/devices/" + leaf + "/reconcile?wait=PT60S", null);
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    JsonNode audit = operator.post("/api/v1/audits/isolation?wait=PT60S", Map.of()).json();
    assertThat(audit.get("status").asString()).as(audit.toString()).isEqualTo("CLEAN");
  }

  private String leafWithoutTenants(JsonNode also) {
    TreeSet<String> used = leaves(acmeAllocation);
    used.addAll(leaves(initechAllocation));
    used.addAll(leaves(also));
    for (JsonNode s : operator.get("/api/v1/fabric").json().get("switches")) {
      String name = s.get("name").asString();
      if (s.get("role").asString().equals("LEAF") && !used.contains(name)) {
        return name;
      }
    }
    throw new AssertionError("no leaf without tenants");
  }

  /** initech's port as a step of a segment shows it: {@code <leaf>: interface <port>}. */
  private String initechPortLine() {
    JsonNode gpu = initechAllocation.get("gpus").get(0);
    return gpu.get("leaf").asString() + ": interface " + gpu.get("port").asString();
  }

  /** The first port of {@code allocation} (on {@code leaf} when given) as a segment step. */
  private static String portLine(JsonNode allocation, String leaf) {
    for (JsonNode g : allocation.get("gpus")) {
      if (leaf == null || g.get("leaf").asString().equals(leaf)) {
        return g.get("leaf").asString() + ": interface " + g.get("port").asString();
      }
    }
    throw new AssertionError("no port on " + leaf + " in " + allocation);
  }

  // the port line, as a whole word: ...1/0/1 is not ...1/0/10
  private static boolean mentions(String text, String portLine) {
    return Pattern.compile(Pattern.quote(portLine) + "(?![\\w/:])").matcher(text).find();
  }

  private static Map<String, Object> legacyFinding(
      String kind, String sw, List<String> tenants, String summary, List<String> evidence) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("kind", kind);
    f.put("class", kind.equals("UNBOUND_PORT") ? "CONVERGENCE" : "ISOLATION");
    f.put("severity", kind.equals("UNBOUND_PORT") ? "WARNING" : "CRITICAL");
    f.put("switch", sw);
    f.put("port", sw == null ? null : "FourHundredGigE1/0/1");
    f.put("tenants", tenants);
    f.put("pending", false);
    f.put("summary", summary);
    f.put("evidence", evidence);
    return f;
  }

  private static JsonNode portOn(JsonNode evidence, String leaf) {
    for (JsonNode p : evidence.get("ports")) {
      if (p.get("switch").asString().equals(leaf)) {
        return p;
      }
    }
    throw new AssertionError("no port on " + leaf + " in " + evidence);
  }

  private static TreeSet<String> leaves(JsonNode allocation) {
    TreeSet<String> leaves = new TreeSet<>();
    allocation.get("gpus").forEach(g -> leaves.add(g.get("leaf").asString()));
    return leaves;
  }

  private static List<String> kinds(JsonNode withFindings) {
    List<String> kinds = new ArrayList<>();
    withFindings.get("findings").forEach(f -> kinds.add(f.get("kind").asString()));
    return kinds;
  }

  private static List<String> names(JsonNode withFindings) {
    List<String> names = new ArrayList<>();
    withFindings.get("findings").forEach(f -> names.addAll(texts(f.get("tenants"))));
    return names;
  }

  private static List<String> lines(JsonNode withFindings) {
    List<String> lines = new ArrayList<>();
    withFindings.get("findings").forEach(f -> lines.addAll(texts(f.get("evidence"))));
    return lines;
  }

  private static List<String> words(String text) {
    return List.of(text.strip().split("[\\s,;()]+"));
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asString()));
    return out;
  }
}
