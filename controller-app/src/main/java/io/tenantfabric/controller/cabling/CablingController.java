package io.tenantfabric.controller.cabling;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.apidoc.ApiParameters;
import io.tenantfabric.controller.apidoc.Refuses;
import io.tenantfabric.controller.apidoc.UuidPath;
import io.tenantfabric.controller.apidoc.WaitQuery;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.web.UuidParameter;
import io.tenantfabric.controller.web.WaitParameter;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;
import tools.jackson.databind.json.JsonMapper;

/**
 * The fabric's cables against the plan: {@code GET /api/v1/fabric/cabling} lists every planned link
 * with both ends as planned and as seen (filtered by state and switch, keyset pages), with the
 * findings on leased GPUs' cables; {@code POST /api/v1/fabric/cabling/check} asks for a check now,
 * as reconcile runs are asked for (202 with the check and {@code Location}, or with {@code ?wait=}
 * 200 once done); {@code GET /api/v1/fabric/cabling/checks/{id}} reads one check.
 */
@RestController
@Tag(name = "cabling")
class CablingController {

  private static final String CABLING = "/api/v1/fabric/cabling";
  private static final String CHECKS = CABLING + "/checks";

  private final ReadCabling cabling;
  private final RequestCablingCheck request;
  private final ReadCablingChecks read;
  private final CablingCheckWaiters waiters;
  private final JsonMapper json;

  CablingController(
      ReadCabling cabling,
      RequestCablingCheck request,
      ReadCablingChecks read,
      CablingCheckWaiters waiters,
      JsonMapper json) {
    this.cabling = cabling;
    this.request = request;
    this.read = read;
    this.waiters = waiters;
    this.json = json;
  }

  @GetMapping(CABLING)
  @Operation(
      operationId = "listCabling",
      summary = "List the fabric's cables against the plan",
      description =
          "Every planned link (a fabric link with both switch ends, a GPU link with its leaf end"
              + " and the server's NIC) with each end as planned and as seen over LLDP, its state"
              + " (the worst of its ends; UNCHECKED until checked) and when it was checked; ports"
              + " where a neighbour answered although the plan leaves them empty are links"
              + " without a planned end (UNEXPECTED). Ordered by the first end's switch and port,"
              + " in keyset pages: pass `next` as `after`. `summary` counts the links of the"
              + " `switch` filter by state, whatever `state` and the page; `findings` are the"
              + " leased GPUs' cabling findings across the fabric.")
  @ApiResponse(responseCode = "200", description = "One page of links, the summary and findings")
  @Access({Role.OPERATOR, Role.AUDITOR})
  @Refuses(Refusal.Reason.NOT_FOUND)
  CablingView list(
      @Parameter(
              description =
                  "Only links in these states: a comma-separated list of UNCHECKED, OK,"
                      + " UNVERIFIED, MISSING, WRONG_PEER, UNEXPECTED",
              schema =
                  @Schema(
                      type = "string",
                      maxLength = 80,
                      pattern = CablingQuery.STATE_PATTERN,
                      example = "MISSING,WRONG_PEER"))
          @RequestParam(required = false)
          String state,
      @Parameter(
              description = "Only links with an end on this switch",
              schema =
                  @Schema(
                      type = "string",
                      maxLength = 31,
                      pattern = ApiParameters.SWITCH_PATTERN,
                      example = "leaf-01"))
          @RequestParam(name = "switch", required = false)
          String switchName,
      @Parameter(
              description = "The `next` cursor of the page before",
              schema =
                  @Schema(type = "string", maxLength = 200, pattern = CablingQuery.CURSOR_PATTERN))
          @RequestParam(required = false)
          String after,
      @Parameter(
              description = "Links per page",
              schema =
                  @Schema(
                      type = "integer",
                      format = "int32",
                      minimum = "1",
                      maximum = "" + CablingQuery.MAX_LIMIT,
                      defaultValue = "" + CablingQuery.DEFAULT_LIMIT))
          @RequestParam(required = false)
          String limit) {
    return cabling.read(CablingQuery.parse(state, switchName, after, limit));
  }

  @PostMapping(CABLING + "/check")
  @Operation(
      operationId = "checkCabling",
      summary = "Check the cables now",
      description =
          "Reads the LLDP neighbours and link states of every managed switch (or of those"
              + " named), judges every port against the plan and records it: a GPU whose cable is"
              + " not placeable is kept out of placement, a leased one's allocation is DEGRADED"
              + " (CABLING); nothing is shut or moved. Answers 202 with the check and its"
              + " Location; with `wait`, 200 once it finished within it.")
  @ApiResponse(
      responseCode = "200",
      description = "Finished within the wait",
      headers =
          @Header(
              name = "Location",
              description = "The check's URL",
              schema = @Schema(type = "string")),
      content = @Content(schema = @Schema(implementation = CablingCheckView.class)))
  @ApiResponse(
      responseCode = "202",
      description = "Accepted: queued or running (or still so when the wait ran out)",
      headers =
          @Header(
              name = "Location",
              description = "The check's URL",
              schema = @Schema(type = "string")),
      content = @Content(schema = @Schema(implementation = CablingCheckView.class)))
  @Access(Role.OPERATOR)
  @Refuses({Refusal.Reason.NOT_FOUND, Refusal.Reason.CONFLICT, Refusal.Reason.UNPROCESSABLE})
  DeferredResult<ResponseEntity<String>> check(
      @WaitQuery @RequestParam(required = false) String wait,
      @RequestBody(required = false) CablingCheckRequest body) {
    Duration waitFor = WaitParameter.parse(wait);
    CablingCheckView check = request.request(body);
    if (waitFor.isZero()) {
      DeferredResult<ResponseEntity<String>> result = new DeferredResult<>();
      result.setResult(respond(check));
      return result;
    }
    UUID id = UUID.fromString(check.id());
    return waiters.await(
        id,
        waitFor,
        now ->
            CablingCheckViews.FINAL.contains(now.state())
                ? Optional.of(respond(now))
                : Optional.empty(),
        () -> respond(read.one(id)));
  }

  @GetMapping(CHECKS + "/{id}")
  @Operation(
      operationId = "getCablingCheck",
      summary = "Read a cabling check",
      description =
          "The check's state and, once done, each switch's outcome, the ports that changed and"
              + " the findings after it.")
  @ApiResponse(responseCode = "200", description = "The check")
  @Access({Role.OPERATOR, Role.AUDITOR})
  @Refuses(Refusal.Reason.NOT_FOUND)
  CablingCheckView get(@UuidPath @PathVariable String id) {
    return read.one(UuidParameter.parse(id, "id", "cabling check id"));
  }

  private ResponseEntity<String> respond(CablingCheckView check) {
    return ResponseEntity.status(
            CablingCheckViews.FINAL.contains(check.state()) ? HttpStatus.OK : HttpStatus.ACCEPTED)
        .location(URI.create(CHECKS + "/" + check.id()))
        .contentType(MediaType.APPLICATION_JSON)
        .body(json.writeValueAsString(check));
  }
}
