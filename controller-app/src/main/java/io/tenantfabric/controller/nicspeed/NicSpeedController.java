package io.tenantfabric.controller.nicspeed;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.apidoc.Refuses;
import io.tenantfabric.controller.apidoc.WaitQuery;
import io.tenantfabric.controller.operation.OperationView;
import io.tenantfabric.controller.operation.StartedOperations;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.web.WaitParameter;
import io.tenantfabric.model.topology.ServerName;
import jakarta.validation.Valid;
import java.net.URI;
import java.time.Duration;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /api/v1/fabric/servers/{server}/nic-speed} starts a NIC_SPEED operation: 202 with the
 * operation and its {@code Location}; with {@code ?wait=}, 200 once it is final or WAITING within
 * it.
 */
@RestController
@Tag(name = "operations")
class NicSpeedController {

  private static final String LOCATION = "The operation's URL";

  private final ChangeNicSpeed change;
  private final StartedOperations started;
  private final JsonMapper json;

  NicSpeedController(ChangeNicSpeed change, StartedOperations started, JsonMapper json) {
    this.change = change;
    this.started = started;
    this.json = json;
  }

  @PostMapping("/api/v1/fabric/servers/{server}/nic-speed")
  @Operation(
      operationId = "changeServerNicSpeed",
      summary = "Move a server between 200G and 400G NICs",
      description =
          "Starts a NIC_SPEED operation holding the server's leaves and keeping its GPUs out of"
              + " placement: the provisioning leader clears the server's leaf ports, splits them"
              + " into 200G halves or joins them into 400G ports, edits the fabric's breakouts,"
              + " pushes the lossless baseline to the new ports and verifies it, then lets the"
              + " GPUs into placement again. Refused while any of the server's GPUs is in a live"
              + " allocation (409 naming the tenant and the allocation). Answers 202 with the"
              + " operation and its Location; with `wait`, 200 once it is DONE, FAILED or WAITING"
              + " within it.")
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
  @Refuses({Refusal.Reason.NOT_FOUND, Refusal.Reason.CONFLICT, Refusal.Reason.UNPROCESSABLE})
  DeferredResult<ResponseEntity<String>> change(
      @Parameter(
              description = "The server's name",
              schema = @Schema(type = "string", maxLength = 63, pattern = ServerName.REGEX))
          @PathVariable
          String server,
      @WaitQuery @RequestParam(required = false) String wait,
      @Valid @RequestBody NicSpeedRequest request) {
    Duration waitFor = WaitParameter.parse(wait); // refused before anything is stored
    return started.answer(waitFor, () -> change.change(server, request.speedGbps()), this::respond);
  }

  /** 200 once settled within the wait, else 202, with the operation's Location. */
  private ResponseEntity<String> respond(OperationView v) {
    return ResponseEntity.status(StartedOperations.settled(v) ? HttpStatus.OK : HttpStatus.ACCEPTED)
        .contentType(MediaType.APPLICATION_JSON)
        .location(URI.create("/api/v1/fabric/operations/" + v.id()))
        .body(json.writeValueAsString(v));
  }
}
