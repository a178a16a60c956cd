package io.tenantfabric.controller.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import io.tenantfabric.client.ApiClient;
import io.tenantfabric.client.ApiException;
import io.tenantfabric.client.ApiResponse;
import io.tenantfabric.client.api.AllocationsApi;
import io.tenantfabric.client.api.TenantsApi;
import io.tenantfabric.client.api.TokensApi;
import io.tenantfabric.client.model.AllocateRequest;
import io.tenantfabric.client.model.Allocation;
import io.tenantfabric.client.model.AllocationOrAllocationPlan;
import io.tenantfabric.client.model.AllocationPlan;
import io.tenantfabric.client.model.CreateTenantRequest;
import io.tenantfabric.client.model.IssueTokenRequest;
import io.tenantfabric.client.model.IssuedToken;
import io.tenantfabric.client.model.Problem;
import io.tenantfabric.client.model.Tenant;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.OnboardedFabric;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A leasing portal's whole flow, driven through the Java client generated from {@code
 * docs/openapi.json} (module {@code api-client}) and nothing else: with a PORTAL token it creates a
 * tenant, previews and leases GPUs with {@code ?wait=}, meets the refusals a portal must handle as
 * the documented {@code Problem}, retries with its Idempotency-Key, releases the lease and deletes
 * the tenant, each change with a key of its own (a retried deletion gets its first 204 again). The
 * service is the real one, provisioning an emulated fabric over SSH/NETCONF; only that fabric's
 * setup uses the tests' own support. A document that does not describe what the service answers
 * fails here, in the generated client, as it would fail in a portal.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PortalClientFlowIT {

  private static final Logger LOG = LoggerFactory.getLogger(PortalClientFlowIT.class);

  private static final String TENANT = "portal-flow";
  private static final int QUOTA = 16;
  private static final int GPUS = 8;
  private static final String WAIT = "PT10S";
  private static final String KEY = "portal-flow-lease-1";
  private static final Duration DEADLINE = Duration.ofSeconds(120);

  @RegisterExtension final OnboardedFabric fabric = new OnboardedFabric("h3c-s9825-1024");
  @LocalServerPort int port;

  private ApiClient portal;
  private TenantsApi tenants;
  private AllocationsApi allocations;

  /** A PORTAL token, issued with the bootstrap OPERATOR token through the generated client too. */
  @BeforeAll
  void portalClient() throws ApiException {
    TokensApi operator =
        new TokensApi(client(io.tenantfabric.controller.support.ApiClient.BOOTSTRAP_TOKEN));
    ApiResponse<IssuedToken> issued =
        operator.issueTokenWithHttpInfo(
            new IssueTokenRequest()
                .role(IssueTokenRequest.RoleEnum.PORTAL)
                .label("leasing portal"));
    assertThat(issued.getStatusCode()).isEqualTo(201);
    IssuedToken token = issued.getData();
    assertThat(token.getId()).isNotNull();
    assertThat(token.getToken()).isNotBlank();
    assertThat(token.getRole()).isEqualTo(IssuedToken.RoleEnum.PORTAL);
    portal = client(token.getToken());
    tenants = new TenantsApi(portal);
    allocations = new AllocationsApi(portal);
  }

  @Test
  void aPortalLeasesAndReturnsGpusThroughTheGeneratedClient() throws Exception {
    createTenant();
    previewPlacement();
    Allocation lease = allocateAndFollowUntilActive();
    refusedBeyondTheQuota(lease);
    refusedForAnotherBodyUnderTheSameKey(lease);
    retryReplaysTheFirstAnswer(lease);
    releaseUntilReleased(lease);
    deleteTenant();
  }

  private void createTenant() throws ApiException {
    ApiResponse<Tenant> created =
        tenants.createTenantWithHttpInfo(
            new CreateTenantRequest().name(TENANT).displayName("Portal flow").gpuQuota(QUOTA),
            "portal-flow-create");
    assertThat(created.getStatusCode()).isEqualTo(201);
    assertThat(header(created, "Location")).contains("/api/v1/tenants/" + TENANT);
    Tenant tenant = created.getData();
    assertThat(tenant.getName()).isEqualTo(TENANT);
    assertThat(tenant.getDisplayName()).isEqualTo("Portal flow");
    assertThat(tenant.getGpuQuota()).isEqualTo(QUOTA);
    assertThat(tenant.getLiveGpus()).isZero();
    assertThat(tenant.getVsiName()).isEqualTo("t-" + TENANT);
    assertThat(tenants.getTenant(TENANT).getName()).isEqualTo(TENANT);
    LOG.info("created tenant {}", tenant.getName());
  }

  /** A dry run: 200 with the placement, the other member of the response's oneOf. */
  private void previewPlacement() throws ApiException {
    ApiResponse<AllocationOrAllocationPlan> preview = allocate(GPUS, null, null, true);
    assertThat(preview.getStatusCode()).isEqualTo(200);
    assertThat(preview.getData().getActualInstance()).isInstanceOf(AllocationPlan.class);
    AllocationPlan plan = preview.getData().getAllocationPlan();
    assertThat(plan.getKind()).isEqualTo(AllocationPlan.KindEnum.PLAN);
    assertThat(plan.getDryRun()).isTrue();
    assertThat(plan.getTenant()).isEqualTo(TENANT);
    assertThat(plan.getGpus()).hasSize(GPUS);
    assertThat(plan.getSwitches()).isNotEmpty();
    assertThat(allocations.listAllocations(TENANT, null, null).getItems())
        .as("a dry run stores nothing")
        .isEmpty();
  }

  /**
   * {@code ?wait=} answers 200 once the lease is final within it, else 202 with the allocation as
   * it is; either way {@code Location} names it, and a read reaches ACTIVE.
   */
  private Allocation allocateAndFollowUntilActive() throws ApiException {
    ApiResponse<AllocationOrAllocationPlan> first = allocate(GPUS, KEY, WAIT, null);
    assertThat(first.getStatusCode()).isIn(200, 202);
    assertThat(first.getData().getActualInstance()).isInstanceOf(Allocation.class);
    Allocation answered = first.getData().getAllocation();
    assertThat(answered.getKind()).isEqualTo(Allocation.KindEnum.ALLOCATION);
    assertThat(answered.getTenant()).isEqualTo(TENANT);
    assertThat(answered.getGpuCount()).isEqualTo(GPUS);
    assertThat(answered.getGpus()).hasSize(GPUS);
    assertThat(header(first, "Idempotent-Replayed")).isEmpty();
    String location = header(first, "Location").orElseThrow();
    assertThat(location).isEqualTo(allocationPath(answered.getId()));
    LOG.info(
        "allocation {} answered {} {}",
        answered.getId(),
        first.getStatusCode(),
        answered.getStatus());
    if (first.getStatusCode() == 200) {
      assertThat(answered.getStatus()).isEqualTo(Allocation.StatusEnum.ACTIVE);
    } else {
      assertThat(answered.getStatus()).isEqualTo(Allocation.StatusEnum.PROVISIONING);
    }

    UUID id = idFromLocation(location);
    Allocation active =
        await()
            .atMost(DEADLINE)
            .pollInterval(Duration.ofMillis(100))
            .until(
                () -> allocations.getAllocation(TENANT, id),
                a -> {
                  assertThat(a.getStatus()).isNotEqualTo(Allocation.StatusEnum.FAILED);
                  return a.getStatus() == Allocation.StatusEnum.ACTIVE;
                });
    assertThat(active.getId()).isEqualTo(answered.getId());
    assertThat(active.getPendingSwitches()).isEmpty();
    assertThat(active.getHealth()).isEqualTo(Allocation.HealthEnum.OK);
    assertThat(active.getFailureReason()).isNull();
    assertThat(active.getGpus()).isEqualTo(answered.getGpus());
    assertThat(tenants.getTenant(TENANT).getLiveGpus()).isEqualTo((long) GPUS);
    LOG.info("allocation {} is ACTIVE", id);
    return active;
  }

  /** More GPUs than the quota leaves: 409 with the figures as the problem's members. */
  private void refusedBeyondTheQuota(Allocation lease) throws Exception {
    int requested = QUOTA - GPUS + 1;
    ApiException refused =
        catchThrowableOfType(ApiException.class, () -> allocate(requested, null, null, null));
    Problem problem = problem(refused, 409);
    assertThat(problem.getTitle()).isEqualTo("Quota exceeded");
    assertThat(problem.getField()).isEqualTo("gpus");
    assertThat(problem.getRequested()).isEqualTo((long) requested);
    assertThat(problem.getQuota()).isEqualTo((long) QUOTA);
    assertThat(problem.getLive()).isEqualTo((long) GPUS);
    assertThat(problem.getDetail()).contains(String.valueOf(QUOTA));
    assertThat(allocations.listAllocations(TENANT, null, null).getItems())
        .extracting(Allocation::getId)
        .containsExactly(lease.getId());
  }

  /** The first lease's key with another body: 422, naming the header. */
  private void refusedForAnotherBodyUnderTheSameKey(Allocation lease) throws Exception {
    ApiException refused =
        catchThrowableOfType(ApiException.class, () -> allocate(GPUS - 1, KEY, null, null));
    Problem problem = problem(refused, 422);
    assertThat(problem.getField()).isEqualTo("Idempotency-Key");
    assertThat(problem.getTitle()).isNotBlank();
    assertThat(allocations.listAllocations(TENANT, null, null).getItems())
        .extracting(Allocation::getId)
        .containsExactly(lease.getId());
  }

  /** The first request again (key and body): the first lease, marked replayed, no second one. */
  private void retryReplaysTheFirstAnswer(Allocation lease) throws ApiException {
    ApiResponse<AllocationOrAllocationPlan> retry = allocate(GPUS, KEY, WAIT, null);
    assertThat(header(retry, "Idempotent-Replayed")).contains("true");
    assertThat(header(retry, "Location")).contains(allocationPath(lease.getId()));
    // the lease is ACTIVE by now, so the wait ends at once with it as it is
    assertThat(retry.getStatusCode()).isEqualTo(200);
    Allocation replayed = retry.getData().getAllocation();
    assertThat(replayed.getId()).isEqualTo(lease.getId());
    assertThat(replayed.getStatus()).isEqualTo(Allocation.StatusEnum.ACTIVE);
    assertThat(replayed.getGpus()).isEqualTo(lease.getGpus());
    assertThat(allocations.listAllocations(TENANT, null, null).getItems())
        .extracting(Allocation::getId)
        .containsExactly(lease.getId());
    assertThat(tenants.getTenant(TENANT).getLiveGpus()).isEqualTo((long) GPUS);
  }

  /** {@code DELETE ...?wait=}: 200 once RELEASED within it, else 202 RELEASING; then RELEASED. */
  private void releaseUntilReleased(Allocation lease) throws ApiException {
    ApiResponse<Allocation> release =
        allocations.releaseAllocationWithHttpInfo(
            TENANT, lease.getId(), "portal-flow-release-1", WAIT);
    assertThat(release.getStatusCode()).isIn(200, 202);
    assertThat(release.getData().getId()).isEqualTo(lease.getId());
    assertThat(release.getData().getStatus())
        .isEqualTo(
            release.getStatusCode() == 200
                ? Allocation.StatusEnum.RELEASED
                : Allocation.StatusEnum.RELEASING);
    LOG.info(
        "release of {} answered {} {}",
        lease.getId(),
        release.getStatusCode(),
        release.getData().getStatus());
    Allocation released =
        await()
            .atMost(DEADLINE)
            .pollInterval(Duration.ofMillis(100))
            .until(
                () -> allocations.getAllocation(TENANT, lease.getId()),
                a -> a.getStatus() == Allocation.StatusEnum.RELEASED);
    assertThat(released.getPendingSwitches()).isEmpty();
    assertThat(tenants.getTenant(TENANT).getLiveGpus()).isZero();
  }

  private void deleteTenant() throws Exception {
    ApiResponse<Void> deleted = tenants.deleteTenantWithHttpInfo(TENANT, "portal-flow-delete");
    assertThat(deleted.getStatusCode()).isEqualTo(204);
    // a portal that timed out retries: the first answer, not a 404 for the tenant it deleted
    ApiResponse<Void> retried = tenants.deleteTenantWithHttpInfo(TENANT, "portal-flow-delete");
    assertThat(retried.getStatusCode()).isEqualTo(204);
    assertThat(header(retried, "Idempotent-Replayed")).contains("true");
    ApiException gone = catchThrowableOfType(ApiException.class, () -> tenants.getTenant(TENANT));
    Problem problem = problem(gone, 404);
    assertThat(problem.getInstance()).isEqualTo("/api/v1/tenants/" + TENANT);
    assertThat(tenants.listTenants(null, null).getItems())
        .extracting(Tenant::getName)
        .doesNotContain(TENANT);
    LOG.info("deleted tenant {}", TENANT);
  }

  /** {@code allocateGpus} for this class's tenant: one place for the generated parameter order. */
  private ApiResponse<AllocationOrAllocationPlan> allocate(
      int gpus, String idempotencyKey, String wait, Boolean dryRun) throws ApiException {
    return allocations.allocateGpusWithHttpInfo(
        TENANT, new AllocateRequest().gpus(gpus), idempotencyKey, wait, dryRun);
  }

  /** A generated client for the application under test, sending {@code token} as a bearer. */
  private ApiClient client(String token) {
    ApiClient client = new ApiClient();
    client.updateBaseUri("http://127.0.0.1:" + port);
    client.setConnectTimeout(Duration.ofSeconds(5));
    client.setReadTimeout(Duration.ofSeconds(30));
    client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + token));
    return client;
  }

  /**
   * The refusal's body read as the generated {@code Problem}, after checking its status, media type
   * and the members every problem of this API has.
   */
  private Problem problem(ApiException refused, int status) throws IOException {
    assertThat(refused).as("refused with %d", status).isNotNull();
    assertThat(refused.getCode()).as(refused.getResponseBody()).isEqualTo(status);
    assertThat(refused.getResponseHeaders().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
    Problem problem = portal.getObjectMapper().readValue(refused.getResponseBody(), Problem.class);
    assertThat(problem.getStatus()).isEqualTo(status);
    assertThat(problem.getTitle()).isNotBlank();
    assertThat(problem.getDetail()).isNotBlank();
    assertThat(problem.getRequestId()).isNotBlank();
    LOG.info("refused as documented: {} {} ({})", status, problem.getTitle(), problem.getDetail());
    return problem;
  }

  private static Optional<String> header(ApiResponse<?> response, String name) {
    Map<String, List<String>> headers = response.getHeaders();
    return headers.entrySet().stream()
        .filter(e -> e.getKey().equalsIgnoreCase(name))
        .flatMap(e -> e.getValue().stream())
        .findFirst();
  }

  private static String allocationPath(UUID id) {
    return "/api/v1/tenants/" + TENANT + "/allocations/" + id;
  }

  private static UUID idFromLocation(String location) {
    assertThat(location).startsWith("/api/v1/tenants/" + TENANT + "/allocations/");
    return UUID.fromString(location.substring(location.lastIndexOf('/') + 1));
  }
}
