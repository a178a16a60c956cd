package io.tenantfabric.controller.reconcile;

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
  DeferredResult<ResponseEntity<String>> reconcileFabric(
      @RequestParam(required = false) String policy, @RequestParam(required = false) String wait) {
    return start(Optional.empty(), policy, wait);
  }

  @PostMapping("/api/v1/fabric/devices/{name}/reconcile")
  DeferredResult<ResponseEntity<String>> reconcileDevice(
      @PathVariable String name,
      @RequestParam(required = false) String policy,
      @RequestParam(required = false) String wait) {
    return start(Optional.of(SwitchNameParameter.parse(name)), policy, wait);
  }

  @GetMapping(RUNS + "/{id}")
  ReconcileRunView get(@PathVariable String id) {
    return read.one(UuidParameter.parse(id, "id", "reconcile run id"));
  }

  @GetMapping(RUNS)
  List<ReconcileRunView> list(@RequestParam(defaultValue = "20") String limit) {
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
