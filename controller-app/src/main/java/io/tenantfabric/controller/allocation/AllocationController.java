package io.tenantfabric.controller.allocation;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.DiscriminatorMapping;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.apidoc.ApiParameters;
import io.tenantfabric.controller.apidoc.IdempotencyKeyHeader;
import io.tenantfabric.controller.apidoc.PageQuery;
import io.tenantfabric.controller.apidoc.Refuses;
import io.tenantfabric.controller.apidoc.SizeQuery;
import io.tenantfabric.controller.apidoc.TenantPath;
import io.tenantfabric.controller.apidoc.UuidPath;
import io.tenantfabric.controller.apidoc.WaitQuery;
import io.tenantfabric.controller.idempotency.ClientKey;
import io.tenantfabric.controller.idempotency.IdempotentOperation;
import io.tenantfabric.controller.idempotency.Reply;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.security.TenantAccess;
import io.tenantfabric.controller.tenant.TenantNames;
import io.tenantfabric.controller.web.QueryParameters;
import io.tenantfabric.controller.web.UuidParameter;
import io.tenantfabric.controller.web.WaitParameter;
import io.tenantfabric.model.tenant.TenantName;
import jakarta.validation.Valid;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /api/v1/tenants/{tenant}/allocations}: allocate (202, or 200 once final with {@code
 * ?wait=}; a placement preview with {@code ?dryRun=true}), list, read, release (202, or 200 once
 * released with {@code ?wait=}).
 */
@RestController
@RequestMapping("/api/v1/tenants/{tenant}/allocations")
@Tag(name = "allocations")
class AllocationController {

  private static final String REPLAYED = Reply.REPLAYED;

  private static final String REPLAYED_DOC = ApiParameters.IDEMPOTENT_REPLAYED;

  private static final String LOCATION = "The allocation's URL";

  /** Where a create ends: provisioned, or failed on a switch. */
  private static final Set<String> FINAL_AFTER_CREATE = Set.of("ACTIVE", "FAILED");

  /** Where a release ends: every port verified scrubbed. */
  private static final Set<String> FINAL_AFTER_RELEASE = Set.of("RELEASED");

  private final AllocateGpus allocate;
  private final PlanAllocation plan;
  private final ReadAllocations read;
  private final ReleaseAllocation release;
  private final TenantAccess access;
  private final AllocationWaiters waiters;
  private final JsonMapper json;

  AllocationController(
      AllocateGpus allocate,
      PlanAllocation plan,
      ReadAllocations read,
      ReleaseAllocation release,
      TenantAccess access,
      AllocationWaiters waiters,
      JsonMapper json) {
    this.allocate = allocate;
    this.plan = plan;
    this.read = read;
    this.release = release;
    this.access = access;
    this.waiters = waiters;
    this.json = json;
  }

  /**
   * Without {@code ?wait=} (a portal onboarding in bulk): answered at once, on the request's own
   * thread, with no asynchronous dispatch through the container.
   */
  @PostMapping(params = "!wait")
  @Operation(
      operationId = "allocateGpus",
      summary = "Allocate GPUs to a tenant",
      description =
          "Leases `gpus` GPUs to the tenant, placed to keep them on as few leaves as possible,"
              + " and provisions their ports on the switches. Answers 202 with the allocation"
              + " (PROVISIONING) and its Location; with `wait`, 200 once it is ACTIVE or FAILED"
              + " within the wait, else 202 as it is. With `dryRun=true`, 200 with the placement"
              + " and each switch's next steps, nothing stored. A retry with the same"
              + " Idempotency-Key and body gets the first answer (Idempotent-Replayed: true); the"
              + " same key with another body is 422.",
      parameters =
          @Parameter(
              name = "wait",
              in = ParameterIn.QUERY,
              description = ApiParameters.WAIT,
              schema = @Schema(type = "string", maxLength = 32, example = "PT10S")))
  @ApiResponse(
      responseCode = "200",
      description = "Final (ACTIVE or FAILED) within the wait, or the plan of a dry run",
      headers = {
        @Header(name = "Location", description = LOCATION, schema = @Schema(type = "string")),
        @Header(
            name = REPLAYED,
            description = REPLAYED_DOC,
            schema = @Schema(type = "string", allowableValues = "true"))
      },
      content =
          @Content(
              schema =
                  @Schema(
                      oneOf = {AllocationView.class, AllocationPlan.class},
                      discriminatorProperty = "kind",
                      discriminatorMapping = {
                        @DiscriminatorMapping(
                            value = AllocationView.KIND,
                            schema = AllocationView.class),
                        @DiscriminatorMapping(
                            value = AllocationPlan.KIND,
                            schema = AllocationPlan.class)
                      })))
  @ApiResponse(
      responseCode = "202",
      description = "Accepted: provisioning (or still provisioning when the wait ran out)",
      headers = {
        @Header(name = "Location", description = LOCATION, schema = @Schema(type = "string")),
        @Header(
            name = REPLAYED,
            description = REPLAYED_DOC,
            schema = @Schema(type = "string", allowableValues = "true"))
      },
      content = @Content(schema = @Schema(implementation = AllocationView.class)))
  @Access({Role.OPERATOR, Role.PORTAL})
  @Refuses({Refusal.Reason.NOT_FOUND, Refusal.Reason.CONFLICT, Refusal.Reason.UNPROCESSABLE})
  ResponseEntity<String> allocate(
      @TenantPath @PathVariable String tenant,
      @IdempotencyKeyHeader @RequestHeader(name = ClientKey.HEADER, required = false)
          String idempotencyKey,
      @Parameter(
              description = "Plan only: the placement and each switch's next steps, nothing stored")
          @RequestParam(defaultValue = "false")
          boolean dryRun,
      @Valid @RequestBody AllocateRequest request) {
    access.requireVisible(tenant);
    return accept(tenant, idempotencyKey, dryRun, request);
  }

  /** With {@code ?wait=}: the same, then held until the allocation is done or the wait is over. */
  @PostMapping(params = "wait")
  @Operation(hidden = true) // documented with allocate(), whose optional wait it answers
  DeferredResult<ResponseEntity<String>> allocateAndWait(
      @PathVariable String tenant,
      @RequestHeader(name = ClientKey.HEADER, required = false) String idempotencyKey,
      @RequestParam String wait,
      @RequestParam(defaultValue = "false") boolean dryRun,
      @Valid @RequestBody AllocateRequest request) {
    access.requireVisible(tenant);
    Duration waitFor = WaitParameter.parse(wait); // refused before anything is allocated
    long since = waiters.mark();
    ResponseEntity<String> accepted = accept(tenant, idempotencyKey, dryRun, request);
    URI location = accepted.getHeaders().getLocation();
    if (dryRun || waitFor.isZero() || location == null) {
      return done(accepted);
    }
    String path = location.toString();
    UUID id = UUID.fromString(path.substring(path.lastIndexOf('/') + 1));
    // a replayed answer is of an allocation made before the mark: it may have settled long ago
    long changedAfter = accepted.getHeaders().containsHeader(REPLAYED) ? -1 : since;
    return waitUntil(id, changedAfter, waitFor, FINAL_AFTER_CREATE, accepted.getHeaders());
  }

  /** The plan (dry run) or the allocation's reply; the caller has checked the tenant's access. */
  private ResponseEntity<String> accept(
      String tenant, String idempotencyKey, boolean dryRun, AllocateRequest request) {
    TenantName name = TenantNames.parse(tenant, "tenant");
    if (dryRun) {
      return ResponseEntity.ok()
          .contentType(MediaType.APPLICATION_JSON)
          .body(json.writeValueAsString(plan.plan(name, request)));
    }
    return allocate
        .allocate(
            name, request, ClientKey.of(idempotencyKey, IdempotentOperation.ALLOCATION_CREATE))
        .toResponse();
  }

  @GetMapping
  @Operation(
      operationId = "listAllocations",
      summary = "List a tenant's allocations",
      description = "The tenant's allocations, oldest first, a page at a time, released ones too.")
  @ApiResponse(responseCode = "200", description = "A page of allocations")
  @Access(
      value = {Role.OPERATOR, Role.PORTAL, Role.TENANT},
      tenantScope = ApiParameters.OWN_TENANT)
  @Refuses(Refusal.Reason.NOT_FOUND)
  AllocationPage list(
      @TenantPath @PathVariable String tenant,
      @PageQuery @RequestParam(defaultValue = "0") String page,
      @SizeQuery @RequestParam(defaultValue = "50") String size) {
    access.requireVisible(tenant);
    return read.page(
        TenantNames.parse(tenant, "tenant"),
        QueryParameters.boundedInt(page, "page", 0, QueryParameters.MAX_PAGE),
        QueryParameters.boundedInt(size, "size", 1, QueryParameters.MAX_PAGE_SIZE));
  }

  @GetMapping("/{id}")
  @Operation(
      operationId = "getAllocation",
      summary = "Read an allocation",
      description = "The allocation, its GPUs and the leaf port of each, its status and health.")
  @ApiResponse(responseCode = "200", description = "The allocation")
  @Access(
      value = {Role.OPERATOR, Role.PORTAL, Role.TENANT},
      tenantScope = ApiParameters.OWN_TENANT)
  @Refuses(Refusal.Reason.NOT_FOUND)
  AllocationView get(@TenantPath @PathVariable String tenant, @UuidPath @PathVariable String id) {
    access.requireVisible(tenant);
    return read.one(TenantNames.parse(tenant, "tenant"), uuid(id));
  }

  @DeleteMapping("/{id}")
  @Operation(
      operationId = "releaseAllocation",
      summary = "Release an allocation",
      description =
          "Releases the allocation: its ports are scrubbed on the switches and its GPUs return"
              + " to the pool. Answers 202 (RELEASING); with `wait`, 200 once RELEASED within it."
              + " Releasing a released allocation answers as for one being released. A retry with"
              + " the same Idempotency-Key and allocation gets the first answer"
              + " (Idempotent-Replayed: true); the same key for another allocation is 422.")
  @ApiResponse(
      responseCode = "200",
      description = "Released within the wait",
      headers =
          @Header(
              name = REPLAYED,
              description = REPLAYED_DOC,
              schema = @Schema(type = "string", allowableValues = "true")),
      content = @Content(schema = @Schema(implementation = AllocationView.class)))
  @ApiResponse(
      responseCode = "202",
      description = "Accepted: releasing (or still releasing when the wait ran out)",
      headers =
          @Header(
              name = REPLAYED,
              description = REPLAYED_DOC,
              schema = @Schema(type = "string", allowableValues = "true")),
      content = @Content(schema = @Schema(implementation = AllocationView.class)))
  @Access(
      value = {Role.OPERATOR, Role.PORTAL, Role.TENANT},
      tenantScope = ApiParameters.OWN_TENANT)
  @Refuses({Refusal.Reason.NOT_FOUND, Refusal.Reason.CONFLICT, Refusal.Reason.UNPROCESSABLE})
  DeferredResult<ResponseEntity<String>> release(
      @TenantPath @PathVariable String tenant,
      @UuidPath @PathVariable String id,
      @WaitQuery @RequestParam(required = false) String wait,
      @IdempotencyKeyHeader @RequestHeader(name = ClientKey.HEADER, required = false)
          String idempotencyKey) {
    access.requireVisible(tenant);
    TenantName name = TenantNames.parse(tenant, "tenant");
    Duration waitFor = WaitParameter.parse(wait);
    UUID allocation = uuid(id);
    Optional<ClientKey> key = ClientKey.of(idempotencyKey, IdempotentOperation.ALLOCATION_RELEASE);
    // the view below is read after the mark: RELEASED, if not yet, comes after it
    long since = waiters.mark();
    ReleaseAllocation.Answer answer = release.release(name, allocation, key);
    Reply reply = answer.reply();
    if (waitFor.isZero()) {
      return done(reply.toResponse());
    }
    if (reply.replayed()) {
      // a replayed answer is of a release made before the mark: it may have settled long ago
      HttpHeaders replayed = new HttpHeaders();
      replayed.add(REPLAYED, "true");
      return waitUntil(allocation, -1, waitFor, FINAL_AFTER_RELEASE, replayed);
    }
    if (FINAL_AFTER_RELEASE.contains(answer.status())) {
      return done(ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(reply.body()));
    }
    return waitUntil(allocation, since, waitFor, FINAL_AFTER_RELEASE, null);
  }

  /**
   * Waits (asynchronously) until the allocation is in one of {@code finals}: 200 with it then, or
   * 202 with it as it is when {@code wait} runs out. {@code since}: the waiters' mark taken before
   * the change this request made, or -1 for one it did not make (read at once).
   */
  private DeferredResult<ResponseEntity<String>> waitUntil(
      UUID id, long since, Duration wait, Set<String> finals, HttpHeaders headers) {
    return waiters.await(
        id,
        since,
        wait,
        v ->
            finals.contains(v.status())
                ? Optional.of(respond(v, finals, headers))
                : Optional.empty(),
        () -> respond(read.current(id), finals, headers));
  }

  private ResponseEntity<String> respond(
      AllocationView v, Set<String> finals, HttpHeaders headers) {
    ResponseEntity.BodyBuilder b =
        ResponseEntity.status(finals.contains(v.status()) ? HttpStatus.OK : HttpStatus.ACCEPTED)
            .contentType(MediaType.APPLICATION_JSON);
    if (headers != null) {
      if (headers.getLocation() != null) {
        b.location(headers.getLocation());
      }
      if (headers.containsHeader(REPLAYED)) {
        b.header(REPLAYED, "true");
      }
    }
    return b.body(json.writeValueAsString(v));
  }

  private static DeferredResult<ResponseEntity<String>> done(ResponseEntity<String> response) {
    DeferredResult<ResponseEntity<String>> result = new DeferredResult<>();
    result.setResult(response);
    return result;
  }

  private static UUID uuid(String raw) {
    return UuidParameter.parse(raw, "id", "allocation id");
  }
}
