package io.tenantfabric.controller.isolation;

import io.tenantfabric.controller.web.QueryParameters;
import io.tenantfabric.controller.web.UuidParameter;
import io.tenantfabric.controller.web.WaitParameter;
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
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /api/v1/audits/isolation}: request an audit (optional {@code {"switches": [...]}}; {@code
 * 202} + {@code Location}, of the waiting audit of the same scope if there is one, or with {@code
 * ?wait=} {@code 200} once it finished within it; {@code 429} while too many wait), read one with
 * its findings, list the latest.
 */
@RestController
@RequestMapping(IsolationAuditController.AUDITS)
class IsolationAuditController {

  static final String AUDITS = "/api/v1/audits/isolation";

  private final RequestIsolationAudit request;
  private final ReadIsolationAudits read;
  private final IsolationWaiters waiters;
  private final JsonMapper json;

  IsolationAuditController(
      RequestIsolationAudit request,
      ReadIsolationAudits read,
      IsolationWaiters waiters,
      JsonMapper json) {
    this.request = request;
    this.read = read;
    this.waiters = waiters;
    this.json = json;
  }

  @PostMapping
  DeferredResult<ResponseEntity<String>> audit(
      @RequestParam(required = false) String wait,
      @RequestBody(required = false) AuditRequest body) {
    Duration waitFor = WaitParameter.parse(wait);
    IsolationAuditView audit = request.request(body);
    if (waitFor.isZero()) {
      DeferredResult<ResponseEntity<String>> result = new DeferredResult<>();
      result.setResult(respond(audit));
      return result;
    }
    UUID id = UUID.fromString(audit.id());
    return waiters.await(
        id,
        waitFor,
        now ->
            IsolationAuditViews.FINAL.contains(now.status())
                ? Optional.of(respond(now))
                : Optional.empty(),
        () -> respond(read.one(id)));
  }

  @GetMapping("/{id}")
  IsolationAuditView get(@PathVariable String id) {
    return read.one(UuidParameter.parse(id, "id", "audit id"));
  }

  @GetMapping
  List<IsolationAuditView> list(@RequestParam(defaultValue = "20") String limit) {
    return read.recent(
        QueryParameters.boundedInt(limit, "limit", 1, QueryParameters.MAX_PAGE_SIZE));
  }

  private ResponseEntity<String> respond(IsolationAuditView audit) {
    return ResponseEntity.status(
            IsolationAuditViews.FINAL.contains(audit.status())
                ? HttpStatus.OK
                : HttpStatus.ACCEPTED)
        .location(URI.create(AUDITS + "/" + audit.id()))
        .contentType(MediaType.APPLICATION_JSON)
        .body(json.writeValueAsString(audit));
  }
}
