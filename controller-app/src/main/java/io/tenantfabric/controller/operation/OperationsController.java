package io.tenantfabric.controller.operation;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.apidoc.Refuses;
import io.tenantfabric.controller.apidoc.SliceAfterQuery;
import io.tenantfabric.controller.apidoc.SliceLimitQuery;
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
import jakarta.validation.Valid;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
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
 * Fabric operations: {@code POST /api/v1/fabric/devices/{name}/replace} starts a replace (202 with
 * the operation and its {@code Location}; with {@code ?wait=}, 200 once it is final or WAITING
 * within it), {@code GET /api/v1/fabric/operations/{id}} reads one (with {@code ?wait=}, once it is
 * final or WAITING), {@code GET /api/v1/fabric/operations} lists them, newest first, in keyset
 * pages, filtered by state and kind.
 */
@RestController
@Tag(name = "operations")
class OperationsController {

  static final String OPERATIONS = "/api/v1/fabric/operations";

  static final Set<String> STATES =
      Set.of("PLANNED", "RUNNING", "WAITING", "DONE", "FAILED", "CANCELLED");
  static final Set<String> KINDS = Set.of("REPLACE", "GROWTH", "NIC_SPEED");

  private static final String LOCATION = "The operation's URL";

  private final ReplaceSwitch replace;
  private final StartedOperations started;
  private final CancelOperation cancel;
  private final ReadOperations read;
  private final OperationWaiters waiters;
  private final JsonMapper json;

  OperationsController(
      ReplaceSwitch replace,
      StartedOperations started,
      CancelOperation cancel,
      ReadOperations read,
      OperationWaiters waiters,
      JsonMapper json) {
    this.replace = replace;
    this.started = started;
    this.cancel = cancel;
    this.read = read;
    this.waiters = waiters;
    this.json = json;
  }

  @PostMapping("/api/v1/fabric/devices/{name}/replace")
  @Operation(
      operationId = "replaceSwitch",
      summary = "Replace a switch",
      description =
          "Pins the new switch's identity on the named switch (where it is reached, as whom, its"
              + " host key and serial number; the old ones stay in the audit trail only) and starts"
              + " a REPLACE operation holding it: the provisioning leader checks the identity, the"
              + " installer's day-0 configuration and the cables, pushes the switch's whole"
              + " intended configuration and verifies it, and audits the switch's isolation."
              + " Answers 202 with the operation and its Location; with `wait`, 200 once it is"
              + " DONE, FAILED or WAITING within it. Leaves and spines alike.")
  @ApiResponse(
      responseCode = "200",
      description = "Done, failed or waiting for the outside within the wait",
      headers =
          @Header(name = "Location", description = LOCATION, schema = @Schema(type = "string")),
      content = @Content(schema = @Schema(implementation = OperationView.class)))
  @ApiResponse(
      responseCode = "202",
      description = "Accepted: running (or still running when the wait ran out)",
      headers =
          @Header(name = "Location", description = LOCATION, schema = @Schema(type = "string")),
      content = @Content(schema = @Schema(implementation = OperationView.class)))
  @Access(Role.OPERATOR)
  @Refuses({Refusal.Reason.NOT_FOUND, Refusal.Reason.CONFLICT})
  DeferredResult<ResponseEntity<String>> replace(
      @SwitchPath @PathVariable String name,
      @WaitQuery @RequestParam(required = false) String wait,
      @Valid @RequestBody ReplaceSwitchRequest request) {
    SwitchName switchName = SwitchNameParameter.parse(name);
    Duration waitFor = WaitParameter.parse(wait); // refused before anything is stored
    return started.answer(waitFor, () -> replace.replace(switchName, request), this::started);
  }

  @PostMapping(OPERATIONS + "/{id}/cancel")
  @Operation(
      operationId = "cancelFabricOperation",
      summary = "Cancel a fabric operation",
      description =
          "A PLANNED operation ends CANCELLED at once (200). A growth or NIC-speed change being"
              + " applied stops before its next step (202; it ends CANCELLED there, what its steps"
              + " did stays done, the GPUs of steps not done stay out of placement). A replace is"
              + " not cancelled (409).")
  @ApiResponse(
      responseCode = "200",
      description = "Cancelled",
      content = @Content(schema = @Schema(implementation = OperationView.class)))
  @ApiResponse(
      responseCode = "202",
      description = "Asked to stop before its next step",
      content = @Content(schema = @Schema(implementation = OperationView.class)))
  @Access(Role.OPERATOR)
  @Refuses({Refusal.Reason.NOT_FOUND, Refusal.Reason.CONFLICT})
  ResponseEntity<OperationView> cancel(@UuidPath @PathVariable String id) {
    OperationView v = cancel.cancel(UuidParameter.parse(id, "id", "operation id"));
    return ResponseEntity.status(
            "CANCELLED".equals(v.state()) ? HttpStatus.OK : HttpStatus.ACCEPTED)
        .body(v);
  }

  @GetMapping(OPERATIONS + "/{id}")
  @Operation(
      operationId = "getFabricOperation",
      summary = "Read a fabric operation",
      description =
          "The operation's state, step, what it waits for and its error; with `wait`, answered"
              + " once it is final or WAITING, or when the wait runs out, as it is then.")
  @ApiResponse(
      responseCode = "200",
      description = "The operation",
      content = @Content(schema = @Schema(implementation = OperationView.class)))
  @Access({Role.OPERATOR, Role.AUDITOR})
  @Refuses(Refusal.Reason.NOT_FOUND)
  DeferredResult<ResponseEntity<String>> get(
      @UuidPath @PathVariable String id,
      @Parameter(
              description =
                  "Hold the answer until the operation is DONE, FAILED, CANCELLED or WAITING, for"
                      + " at most this long: an ISO-8601 duration from PT0S to PT60S. Past it,"
                      + " the operation as it is then.",
              schema = @Schema(type = "string", maxLength = 32, example = "PT30S"))
          @RequestParam(required = false)
          String wait) {
    UUID operation = UuidParameter.parse(id, "id", "operation id");
    Duration waitFor = WaitParameter.parse(wait);
    OperationView now = read.one(operation);
    if (waitFor.isZero() || settled(now)) {
      return done(respond(now));
    }
    return waiters.await(
        operation,
        waitFor,
        v -> settled(v) ? Optional.of(respond(v)) : Optional.empty(),
        () -> respond(read.one(operation)));
  }

  @GetMapping(OPERATIONS)
  @Operation(
      operationId = "listFabricOperations",
      summary = "List fabric operations",
      description =
          "Operations newest first, at most `limit` of them, created before the operation"
              + " `after` (the `nextAfter` of the page before); filtered by `state` and `kind`.")
  @ApiResponse(responseCode = "200", description = "A slice of operations")
  @Access({Role.OPERATOR, Role.AUDITOR})
  OperationSlice list(
      @Parameter(
              description = "Only operations in this state",
              schema =
                  @Schema(
                      type = "string",
                      allowableValues = {
                        "PLANNED",
                        "RUNNING",
                        "WAITING",
                        "DONE",
                        "FAILED",
                        "CANCELLED"
                      }))
          @RequestParam(required = false)
          String state,
      @Parameter(
              description = "Only operations of this kind",
              schema =
                  @Schema(
                      type = "string",
                      allowableValues = {"REPLACE", "GROWTH", "NIC_SPEED"}))
          @RequestParam(required = false)
          String kind,
      @SliceAfterQuery @RequestParam(required = false) String after,
      @SliceLimitQuery @RequestParam(defaultValue = "50") String limit) {
    return read.page(
        oneOf(state, STATES, "state"),
        oneOf(kind, KINDS, "kind"),
        after == null ? null : UuidParameter.parse(after, "after", "operation id"),
        QueryParameters.boundedInt(limit, "limit", 1, QueryParameters.MAX_PAGE_SIZE));
  }

  private static String oneOf(String raw, Set<String> allowed, String field) {
    if (raw == null) {
      return null;
    }
    if (!allowed.contains(raw)) {
      throw Refusal.invalid(
              "Invalid query parameter",
              field + " must be one of " + allowed.stream().sorted().toList() + ".")
          .field(field);
    }
    return raw;
  }

  private static boolean settled(OperationView v) {
    return StartedOperations.settled(v);
  }

  private static DeferredResult<ResponseEntity<String>> done(ResponseEntity<String> answer) {
    DeferredResult<ResponseEntity<String>> result = new DeferredResult<>();
    result.setResult(answer);
    return result;
  }

  /** A started operation: 200 once settled, else 202, with its Location. */
  private ResponseEntity<String> started(OperationView v) {
    return ResponseEntity.status(settled(v) ? HttpStatus.OK : HttpStatus.ACCEPTED)
        .contentType(MediaType.APPLICATION_JSON)
        .location(URI.create(OPERATIONS + "/" + v.id()))
        .body(json.writeValueAsString(v));
  }

  private ResponseEntity<String> respond(OperationView v) {
    return ResponseEntity.ok()
        .contentType(MediaType.APPLICATION_JSON)
        .body(json.writeValueAsString(v));
  }
}
