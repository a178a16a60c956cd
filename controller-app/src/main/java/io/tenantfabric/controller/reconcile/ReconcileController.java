package io.tenantfabric.controller.reconcile;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.apidoc.LimitQuery;
import io.tenantfabric.controller.apidoc.Refuses;
import io.tenantfabric.controller.apidoc.SwitchPath;
import io.tenantfabric.controller.apidoc.UuidPath;
import io.tenantfabric.controller.apidoc.WaitQuery;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.web.QueryParameters;
import io.tenantfabric.controller.web.SwitchNameParameter;
import io.tenantfabric.controller.web.UuidParameter;
import io.tenantfabric.controller.web.WaitParameter;
import io.tenantfabric.model.topology.SwitchName;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reconcile runs: {@code POST /api/v1/fabric/reconcile} (every managed switch) and {@code POST
 * /api/v1/fabric/devices/{name}/reconcile} (one), with {@code ?policy=repair|report} and {@code
 * ?wait=} as allocations take it: 202 with the run and {@code Location}, or, waiting, 200 once the
 * run is DONE (its repairs applied) and 202 with the run as it is when the wait runs out. {@code
 * GET /api/v1/fabric/reconcile/{id}} polls one run, {@code GET /api/v1/fabric/reconcile} lists the
 * latest.
 */
@RestController
@Tag(name = "reconcile")
class ReconcileController {

  private static final String RUNS = "/api/v1/fabric/reconcile";

  private final RequestReconcile request;
  private final ReadReconcileRuns read;
  private final ReconcileWaiters waiters;
  private final JsonMapper json;

  ReconcileController(
      RequestReconcile request, ReadReconcileRuns read, ReconcileWaiters waiters, JsonMapper json) {
    this.request = request;
    this.read = read;
    this.waiters = waiters;
    this.json = json;
  }

  @PostMapping(RUNS)
  @Operation(
      operationId = "reconcileFabric",
      summary = "Reconcile every switch",
      description =
          "Compares every managed switch's running config with the intent and, under repair,"
              + " pushes the intent again where they differ. Answers 202 with the run and its"
              + " Location; with `wait`, 200 once it finished within it.")
  @ApiResponse(
      responseCode = "200",
      description = "Finished within the wait",
      headers =
          @Header(
              name = "Location",
              description = "The run's URL",
              schema = @Schema(type = "string")),
      content = @Content(schema = @Schema(implementation = ReconcileRunView.class)))
  @ApiResponse(
      responseCode = "202",
      description = "Accepted: queued or running (or still so when the wait ran out)",
      headers =
          @Header(
              name = "Location",
              description = "The run's URL",
              schema = @Schema(type = "string")),
      content = @Content(schema = @Schema(implementation = ReconcileRunView.class)))
  @Access(Role.OPERATOR)
  @Refuses(Refusal.Reason.CONFLICT)
  DeferredResult<ResponseEntity<String>> reconcileFabric(
      @Parameter(
              description =
                  "repair (the default: find drift and push the intent again) or report (find"
                      + " and record it only)",
              schema =
                  @Schema(
                      type = "string",
                      allowableValues = {"repair", "report"},
                      defaultValue = "repair"))
          @RequestParam(required = false)
          String policy,
      @WaitQuery @RequestParam(required = false) String wait) {
    return start(Optional.empty(), policy, wait);
  }

  @PostMapping("/api/v1/fabric/devices/{name}/reconcile")
  @Operation(
      operationId = "reconcileDevice",
      summary = "Reconcile one switch",
      description = "As reconcileFabric, for one managed switch.")
  @ApiResponse(
      responseCode = "200",
      description = "Finished within the wait",
      headers =
          @Header(
              name = "Location",
              description = "The run's URL",
              schema = @Schema(type = "string")),
      content = @Content(schema = @Schema(implementation = ReconcileRunView.class)))
  @ApiResponse(
      responseCode = "202",
      description = "Accepted: queued or running (or still so when the wait ran out)",
      headers =
          @Header(
              name = "Location",
              description = "The run's URL",
              schema = @Schema(type = "string")),
      content = @Content(schema = @Schema(implementation = ReconcileRunView.class)))
  @Access(Role.OPERATOR)
  @Refuses({Refusal.Reason.NOT_FOUND, Refusal.Reason.CONFLICT})
  DeferredResult<ResponseEntity<String>> reconcileDevice(
      @SwitchPath @PathVariable String name,
      @Parameter(
              description =
                  "repair (the default: find drift and push the intent again) or report (find"
                      + " and record it only)",
              schema =
                  @Schema(
                      type = "string",
                      allowableValues = {"repair", "report"},
                      defaultValue = "repair"))
          @RequestParam(required = false)
          String policy,
      @WaitQuery @RequestParam(required = false) String wait) {
    return start(Optional.of(SwitchNameParameter.parse(name)), policy, wait);
  }

  @GetMapping(RUNS + "/{id}")
  @Operation(
      operationId = "getReconcileRun",
      summary = "Read a reconcile run",
      description = "The run's state and, per switch, its outcome and drift items.")
  @ApiResponse(responseCode = "200", description = "The run")
  @Access({Role.OPERATOR, Role.AUDITOR})
  @Refuses(Refusal.Reason.NOT_FOUND)
  ReconcileRunView get(@UuidPath @PathVariable String id) {
    return read.one(UuidParameter.parse(id, "id", "reconcile run id"));
  }

  @GetMapping(RUNS)
  @Operation(
      operationId = "listReconcileRuns",
      summary = "List recent reconcile runs",
      description = "The most recent runs, newest first.")
  @ApiResponse(responseCode = "200", description = "The runs")
  @Access({Role.OPERATOR, Role.AUDITOR})
  List<ReconcileRunView> list(@LimitQuery @RequestParam(defaultValue = "20") String limit) {
    return read.recent(
        QueryParameters.boundedInt(limit, "limit", 1, QueryParameters.MAX_PAGE_SIZE));
  }

  private DeferredResult<ResponseEntity<String>> start(
      Optional<SwitchName> device, String policy, String wait) {
    String parsedPolicy = ReconcilePolicy.parse(policy);
    Duration waitFor = WaitParameter.parse(wait);
    ReconcileRunView run = request.request(device, parsedPolicy);
    UUID id = UUID.fromString(run.id());
    if (waitFor.isZero()) {
      DeferredResult<ResponseEntity<String>> result = new DeferredResult<>();
      result.setResult(respond(run));
      return result;
    }
    return waiters.await(
        id,
        waitFor,
        now ->
            ReconcileRunViews.FINAL.contains(now.state())
                ? Optional.of(respond(now))
                : Optional.empty(),
        () -> respond(read.one(id)));
  }

  private ResponseEntity<String> respond(ReconcileRunView run) {
    return ResponseEntity.status(
            ReconcileRunViews.FINAL.contains(run.state()) ? HttpStatus.OK : HttpStatus.ACCEPTED)
        .location(URI.create(RUNS + "/" + run.id()))
        .contentType(MediaType.APPLICATION_JSON)
        .body(json.writeValueAsString(run));
  }
}
