package io.tenantfabric.controller.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.api.OpenApiDocuments;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Every role against every endpoint of docs/security.md, "Roles as built", with the expected
 * status. Each cell gets fresh fixtures (its own tenant, allocation or token), so that no cell
 * depends on what another changed; a TENANT-own token is bound to the cell's tenant, a TENANT-other
 * token to another live tenant.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RoleMatrixIT {
  private static final Logger LOG = LoggerFactory.getLogger(RoleMatrixIT.class);

  enum Caller {
    OPERATOR,
    PORTAL,
    TENANT_OWN,
    TENANT_OTHER,
    AUDITOR,
    NO_TOKEN,
    REVOKED
  }

  /** One row: method, path template, JSON body template (or null), expected status per caller. */
  record Row(String method, String path, String body, int... expected) {
    int expectedFor(Caller c) {
      return expected[c.ordinal()];
    }
  }

  /**
   * The matrix, one endpoint a line: method, path template, the expected status for each caller in
   * {@link Caller} order (OPR OPERATOR, PRT PORTAL, OWN TENANT_OWN, OTH TENANT_OTHER, AUD AUDITOR,
   * NON NO_TOKEN, REV REVOKED), then the JSON body template if the request has one. Lines starting
   * with {@code #} are comments.
   */
  static final List<Row> MATRIX =
      rows(
          """
      #      path                                                       OPR PRT OWN OTH AUD NON REV  body
      PUT    /api/v1/fabric                                             200 403 403 403 403 401 401  {"preset":"h3c-s9825-1024"}
      GET    /api/v1/fabric                                             200 403 403 403 200 401 401
      GET    /api/v1/fabric/devices/leaf-01                             200 403 403 403 200 401 401
      GET    /api/v1/fabric/devices/leaf-01/config                      200 403 403 403 200 401 401
      # the fabric here has no inventory: the role rule lets the caller through to the 409 of
      # an UNMANAGED switch
      GET    /api/v1/fabric/devices/leaf-01/plan                        409 403 403 403 409 401 401
      POST   /api/v1/fabric/reconcile                                   202 403 403 403 403 401 401
      # the fabric has this spec already: the role rule lets the operator through to the 409
      POST   /api/v1/fabric/growth?dryRun=true                          409 403 403 403 403 401 401  {"preset":"h3c-s9825-1024"}
      POST   /api/v1/fabric/operations/3f0c6a9e-1b2c-4d5e-8f90-123456789abc/apply 404 403 403 403 403 401 401
      POST   /api/v1/fabric/operations/3f0c6a9e-1b2c-4d5e-8f90-123456789abc/cancel 404 403 403 403 403 401 401
      PUT    /api/v1/fabric/operations/3f0c6a9e-1b2c-4d5e-8f90-123456789abc/devices 404 403 403 403 403 401 401  {"devices":[{"name":"spine-17","role":"SPINE","host":"127.0.0.1","port":830,"username":"admin","password":"p","hostKeySha256":"SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}]}
      # unmanaged here (no inventory): the role rule lets the operator through to the 409
      POST   /api/v1/fabric/devices/leaf-01/reconcile                   409 403 403 403 403 401 401
      GET    /api/v1/fabric/reconcile                                   200 403 403 403 200 401 401
      GET    /api/v1/fabric/reconcile/{run}                             200 403 403 403 200 401 401
      GET    /api/v1/fabric/cabling                                     200 403 403 403 200 401 401
      POST   /api/v1/fabric/cabling/check                               202 403 403 403 403 401 401
      GET    /api/v1/fabric/cabling/checks/{check}                      200 403 403 403 200 401 401
      GET    /api/v1/fabric/operations                                  200 403 403 403 200 401 401
      # no operation has this id: the role rule lets the caller through to the 404
      GET    /api/v1/fabric/operations/3f0c6a9e-1b2c-4d5e-8f90-123456789abc 404 403 403 403 404 401 401
      # unmanaged here (no inventory): the role rule lets the operator through to the 409
      POST   /api/v1/fabric/devices/leaf-01/replace                     409 403 403 403 403 401 401  {"host":"127.0.0.1","port":830,"username":"admin","password":"p","hostKeySha256":"SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA","serialNumber":"SN-1"}
      # the preset has no such server: the role rule lets the operator through to the 404
      POST   /api/v1/fabric/servers/gpu-node-999/nic-speed              404 403 403 403 403 401 401  {"speedGbps":200}
      POST   /api/v1/fabric/devices/leaf-02/drain                       200 403 403 403 403 401 401
      POST   /api/v1/fabric/devices/leaf-02/undrain                     200 403 403 403 403 401 401
      POST   /api/v1/fabric/gpus/gpu-node-128:7/cordon                  200 403 403 403 403 401 401
      POST   /api/v1/fabric/gpus/gpu-node-128:7/uncordon                200 403 403 403 403 401 401
      POST   /api/v1/fabric/gpus/gpu-node-127/6/cordon                  200 403 403 403 403 401 401
      POST   /api/v1/fabric/gpus/gpu-node-127/6/uncordon                200 403 403 403 403 401 401
      POST   /api/v1/tenants                                            201 201 403 403 403 401 401  {"name":"{newTenant}","displayName":"N","gpuQuota":8}
      GET    /api/v1/tenants                                            200 200 403 403 403 401 401
      GET    /api/v1/tenants/{tenant}                                   200 200 200 404 403 401 401
      PATCH  /api/v1/tenants/{tenant}                                   200 200 403 404 403 401 401  {"gpuQuota":16}
      DELETE /api/v1/tenants/{tenant}                                   204 204 403 404 403 401 401
      GET    /api/v1/allocations                                        200 200 403 403 200 401 401
      GET    /api/v1/me                                                 200 200 200 200 200 401 401
      POST   /api/v1/tenants/{tenant}/allocations                       202 202 403 404 403 401 401  {"gpus":1}
      GET    /api/v1/tenants/{tenant}/allocations                       200 200 200 404 403 401 401
      GET    /api/v1/tenants/{tenant}/allocations/{alloc}               200 200 200 404 403 401 401
      DELETE /api/v1/tenants/{tenant}/allocations/{alloc}               202 202 202 404 403 401 401
      POST   /api/v1/tokens                                             201 403 403 403 403 401 401  {"role":"AUDITOR"}
      GET    /api/v1/tokens                                             200 403 403 403 403 401 401
      DELETE /api/v1/tokens/{token}                                     204 403 403 403 403 401 401
      GET    /api/v1/audits/events                                      200 403 403 403 200 401 401
      GET    /api/v1/audits/events/verify                               200 403 403 403 200 401 401
      POST   /api/v1/audits/isolation                                   202 403 403 403 202 401 401  {}
      GET    /api/v1/audits/isolation                                   200 403 403 403 200 401 401
      GET    /api/v1/audits/isolation/{audit}                           200 403 403 403 200 401 401
      GET    /api/v1/tenants/{tenant}/isolation                         200 200 200 404 200 401 401
      GET    /api/v1/audits/events/head                                 200 403 200 200 200 401 401
      # an event of the cell's tenant: another tenant's token gets the 404 of an unknown id
      GET    /api/v1/audits/events/receipt?id={event}&hash={hash}       200 403 200 404 200 401 401
      GET    /api/v1/events                                             200 200 200 200 200 401 401
      """);

  private static List<Row> rows(String table) {
    List<Row> rows = new ArrayList<>();
    for (String line : table.strip().split("\n")) {
      String l = line.strip();
      if (l.isEmpty() || l.startsWith("#")) {
        continue;
      }
      String[] f = l.split("\\s+", 10);
      int[] expected = new int[Caller.values().length];
      for (int i = 0; i < expected.length; i++) {
        expected[i] = Integer.parseInt(f[2 + i]);
      }
      rows.add(new Row(f[0], f[1], f.length > 9 ? f[9] : null, expected));
    }
    return List.copyOf(rows);
  }

  @LocalServerPort int port;

  private ApiClient operator;
  private final Map<Caller, String> fixedTokens = new EnumMap<>(Caller.class);
  private final AtomicInteger counter = new AtomicInteger();

  @BeforeAll
  void fabricAndFixedCallers() {
    operator = new ApiClient(port);
    ApiClient.Response fabric = operator.put("/api/v1/fabric", Map.of("preset", "h3c-s9825-1024"));
    assertThat(fabric.status()).as(fabric.toString()).isIn(200, 201);
    createTenant("globex");
    fixedTokens.put(Caller.OPERATOR, ApiClient.BOOTSTRAP_TOKEN);
    fixedTokens.put(Caller.PORTAL, operator.createToken(Role.PORTAL, null).secret());
    fixedTokens.put(Caller.AUDITOR, operator.createToken(Role.AUDITOR, null).secret());
    fixedTokens.put(Caller.TENANT_OTHER, operator.createToken(Role.TENANT, "globex").secret());
    ApiClient.IssuedToken revoked = operator.createToken(Role.OPERATOR, null);
    assertThat(operator.delete("/api/v1/tokens/" + revoked.id()).status()).isEqualTo(204);
    fixedTokens.put(Caller.REVOKED, revoked.secret());
  }

  /**
   * The API document names, for every operation, the roles this matrix lets through ({@code
   * x-roles}), and every documented operation is in the matrix, so that an endpoint is never added
   * without its row.
   */
  @Test
  void theDocumentNamesTheRolesTheMatrixLetsThroughForEveryOperation() {
    Map<String, Set<String>> documented = new TreeMap<>();
    OpenApiDocuments.committed()
        .get("paths")
        .properties()
        .forEach(
            path ->
                path.getValue()
                    .properties()
                    .forEach(
                        op -> {
                          Set<String> roles = new TreeSet<>();
                          op.getValue().get("x-roles").forEach(r -> roles.add(r.asString()));
                          documented.put(op.getKey().toUpperCase() + " " + path.getKey(), roles);
                        }));
    Map<String, Set<String>> lettingThrough = new TreeMap<>();
    for (Row row : MATRIX) {
      String concrete = row.path().split("\\?")[0];
      String operation =
          documented.keySet().stream()
              .filter(o -> o.startsWith(row.method() + " "))
              .filter(
                  o ->
                      concrete.matches(
                          o.substring(o.indexOf(' ') + 1).replaceAll("\\{[^}]+}", "[^/]+")))
              .findFirst()
              .orElseThrow(
                  () ->
                      new AssertionError(
                          "not in the document: " + row.method() + " " + row.path()));
      Set<String> roles = new TreeSet<>();
      Map<Caller, Role> asRole =
          Map.of(
              Caller.OPERATOR, Role.OPERATOR,
              Caller.PORTAL, Role.PORTAL,
              Caller.TENANT_OWN, Role.TENANT,
              Caller.AUDITOR, Role.AUDITOR);
      asRole.forEach(
          (caller, role) -> {
            int status = row.expectedFor(caller);
            if (status != 401 && status != 403) {
              roles.add(role.name());
            }
          });
      lettingThrough.merge(
          operation,
          roles,
          (a, b) -> {
            a.addAll(b);
            return a;
          });
    }
    assertThat(lettingThrough).isEqualTo(documented);
  }

  @Test
  void everyRoleAgainstEveryEndpoint() {
    List<String> mismatches = new ArrayList<>();
    StringBuilder table = new StringBuilder(String.format("%-60s", "endpoint"));
    for (Caller c : Caller.values()) {
      table.append(String.format("%14s", c));
    }
    table.append('\n');
    for (Row row : MATRIX) {
      table.append(String.format("%-60s", row.method() + " " + row.path()));
      for (Caller caller : Caller.values()) {
        ApiClient.Response r = run(row, caller);
        int expected = row.expectedFor(caller);
        table.append(
            String.format(
                "%14s", r.status() == expected ? r.status() : r.status() + "!=" + expected));
        if (r.status() != expected) {
          mismatches.add(
              row.method()
                  + " "
                  + row.path()
                  + " as "
                  + caller
                  + ": expected "
                  + expected
                  + ", got "
                  + r);
        } else if (r.status() >= 400 && !r.isProblem()) {
          mismatches.add(
              row.method() + " " + row.path() + " as " + caller + ": not a problem: " + r);
        }
      }
      table.append('\n');
    }
    LOG.debug("status per endpoint and caller:\n{}", table);
    assertThat(mismatches).as(table.toString()).isEmpty();
  }

  /** Prepares the cell's fixtures, then sends the row's request as {@code caller}. */
  private ApiClient.Response run(Row row, Caller caller) {
    int n = counter.incrementAndGet();
    String path = row.path();
    String body = row.body();
    String tenant = null;
    if (path.contains("{tenant}")) {
      tenant = String.format("rm-%03d", n);
      createTenant(tenant);
      path = path.replace("{tenant}", tenant);
    }
    if (path.contains("{alloc}")) {
      ApiClient.Response a =
          operator.post("/api/v1/tenants/" + tenant + "/allocations", Map.of("gpus", 1));
      assertThat(a.status()).as(a.toString()).isEqualTo(202);
      path = path.replace("{alloc}", a.json().get("id").asString());
    }
    if (path.contains("{event}")) {
      tenant = String.format("rm-%03d", n);
      createTenant(tenant);
      JsonNode created =
          operator
              .get("/api/v1/audits/events?action=tenant.create&limit=1&tenant=" + tenant)
              .json()
              .get("items")
              .get(0);
      path =
          path.replace("{event}", Long.toString(created.get("id").asLong()))
              .replace("{hash}", created.get("hash").asString());
    }
    if (path.contains("{run}")) {
      ApiClient.Response run = operator.post("/api/v1/fabric/reconcile", null);
      assertThat(run.status()).as(run.toString()).isEqualTo(202);
      path = path.replace("{run}", run.json().get("id").asString());
    }
    if (path.contains("{check}")) {
      ApiClient.Response check = operator.post("/api/v1/fabric/cabling/check", null);
      assertThat(check.status()).as(check.toString()).isEqualTo(202);
      path = path.replace("{check}", check.json().get("id").asString());
    }
    if (path.contains("{audit}")) {
      ApiClient.Response audit = operator.post("/api/v1/audits/isolation", Map.of());
      assertThat(audit.status()).as(audit.toString()).isEqualTo(202);
      path = path.replace("{audit}", audit.json().get("id").asString());
    }
    if (path.contains("{token}")) {
      path = path.replace("{token}", operator.createToken(Role.AUDITOR, null).id().toString());
    }
    if (body != null && body.contains("{newTenant}")) {
      body = body.replace("{newTenant}", String.format("new-%03d", n));
    }
    String token =
        switch (caller) {
          case NO_TOKEN -> null;
          case TENANT_OWN ->
              operator.createToken(Role.TENANT, tenant == null ? ownTenant() : tenant).secret();
          default -> fixedTokens.get(caller);
        };
    String[] type =
        row.method().equals("PATCH")
            ? new String[] {"Content-Type", "application/merge-patch+json"}
            : new String[0];
    return operator.withToken(token).send(row.method(), path, body, type);
  }

  private String ownTenant() {
    String t = String.format("own-%03d", counter.incrementAndGet());
    createTenant(t);
    return t;
  }

  private void createTenant(String name) {
    ApiClient.Response r =
        operator.post("/api/v1/tenants", Map.of("name", name, "displayName", name, "gpuQuota", 16));
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
  }
}
