package io.tenantfabric.controller.isolation;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.apidoc.LimitQuery;
import io.tenantfabric.controller.apidoc.Refuses;
import io.tenantfabric.controller.apidoc.UuidPath;
import io.tenantfabric.controller.apidoc.WaitQuery;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Role;
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
@Tag(name = "isolation")
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
  @Operation(
      operationId = "requestIsolationAudit",
      summary = "Audit the switches' isolation",
      description =
          "Reads the running config of every managed switch (or of those named) and checks that"
              + " no path joins two tenants and every GPU port is lossless, with the switches' own"
              + " lines as evidence. Answers 202 with the audit and its Location; with `wait`, 200"
              + " once it finished within it. Past the bound on waiting audits, 429.")
  @ApiResponse(
      responseCode = "200",
      description = "Finished within the wait",
      headers =
          @Header(
              name = "Location",
              description = "The audit's URL",
              schema = @Schema(type = "string")),
      content = @Content(schema = @Schema(implementation = IsolationAuditView.class)))
  @ApiResponse(
      responseCode = "202",
      description =
          "Accepted: queued or running (or still so when the wait ran out); an equal request already queued is that one",
      headers =
          @Header(
              name = "Location",
              description = "The audit's URL",
              schema = @Schema(type = "string")),
      content = @Content(schema = @Schema(implementation = IsolationAuditView.class)))
  @Access({Role.OPERATOR, Role.AUDITOR})
  @Refuses({Refusal.Reason.UNPROCESSABLE, Refusal.Reason.TOO_MANY})
  DeferredResult<ResponseEntity<String>> audit(
      @WaitQuery @RequestParam(required = false) String wait,
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
  @Operation(
      operationId = "getIsolationAudit",
      summary = "Read an isolation audit",
      description = "The audit's status, counts and findings with their evidence.")
  @ApiResponse(responseCode = "200", description = "The audit")
  @Access({Role.OPERATOR, Role.AUDITOR})
  @Refuses(Refusal.Reason.NOT_FOUND)
  IsolationAuditView get(@UuidPath @PathVariable String id) {
    return read.one(UuidParameter.parse(id, "id", "audit id"));
  }

  @GetMapping
  @Operation(
      operationId = "listIsolationAudits",
      summary = "List recent isolation audits",
      description = "The most recent audits, newest first.")
  @ApiResponse(responseCode = "200", description = "The audits")
  @Access({Role.OPERATOR, Role.AUDITOR})
  List<IsolationAuditView> list(@LimitQuery @RequestParam(defaultValue = "20") String limit) {
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
