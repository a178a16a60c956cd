package io.tenantfabric.controller.growth;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.apidoc.Refuses;
import io.tenantfabric.controller.apidoc.UuidPath;
import io.tenantfabric.controller.operation.GrowthPlanView;
import io.tenantfabric.controller.operation.OperationView;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.web.UuidParameter;
import jakarta.validation.Valid;
import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A live growth: {@code POST /api/v1/fabric/growth} plans and stores it (PLANNED), {@code PUT
 * /api/v1/fabric/operations/{id}/devices} gives its new switches' inventory, {@code POST
 * /api/v1/fabric/operations/{id}/apply} starts it. It is read and cancelled as every operation is.
 */
@RestController
@Tag(name = "operations")
class GrowthController {

  private static final String OPERATIONS = "/api/v1/fabric/operations";

  private final PlanGrowth plan;
  private final GrowthDevices devices;
  private final ApplyGrowth apply;

  GrowthController(PlanGrowth plan, GrowthDevices devices, ApplyGrowth apply) {
    this.plan = plan;
    this.devices = devices;
    this.apply = apply;
  }

  @PostMapping("/api/v1/fabric/growth")
  @Operation(
      operationId = "planGrowth",
      summary = "Plan a live growth of the fabric",
      description =
          "Plans the growth of the fabric to a larger preset or spec and stores it as a GROWTH"
              + " operation in state PLANNED: the switches to add, every cable to move (the end"
              + " kept, from, to) and to add, the servers and GPUs that join, in steps. Nothing of"
              + " the fabric changes until it is applied. The inventory of new switches may come"
              + " with it or later. With dryRun=true, answers 200 with the plan and stores"
              + " nothing. One growth is open at a time.")
  @ApiResponse(
      responseCode = "200",
      description = "The plan (dryRun): nothing stored",
      content = @Content(schema = @Schema(implementation = GrowthPlanView.class)))
  @ApiResponse(
      responseCode = "201",
      description = "Planned: the GROWTH operation, PLANNED",
      headers =
          @Header(
              name = "Location",
              description = "The operation's URL",
              schema = @Schema(type = "string")),
      content = @Content(schema = @Schema(implementation = OperationView.class)))
  @Access(Role.OPERATOR)
  @Refuses({Refusal.Reason.CONFLICT, Refusal.Reason.UNPROCESSABLE})
  ResponseEntity<?> plan(
      @Parameter(
              description = "true: answer the plan, store nothing",
              schema = @Schema(type = "boolean", defaultValue = "false"))
          @RequestParam(required = false)
          String dryRun,
      @Valid @RequestBody GrowthRequest request) {
    boolean dry = dryRun(dryRun);
    PlanGrowth.Planned planned = plan.plan(request, dry);
    if (dry) {
      return ResponseEntity.ok(planned.plan());
    }
    return ResponseEntity.created(URI.create(OPERATIONS + "/" + planned.operation().id()))
        .body(planned.operation());
  }

  @PutMapping(OPERATIONS + "/{id}/devices")
  @Operation(
      operationId = "putGrowthDevices",
      summary = "Give a growth its new switches' inventory",
      description =
          "Where the southbound reaches each switch the growth adds, as whom, its pinned host key"
              + " and serial number; kept with the growth until its step onboards the switch. A"
              + " switch already onboarded is changed with PUT /api/v1/fabric.")
  @ApiResponse(
      responseCode = "200",
      description = "The growth",
      content = @Content(schema = @Schema(implementation = OperationView.class)))
  @Access(Role.OPERATOR)
  @Refuses({Refusal.Reason.NOT_FOUND, Refusal.Reason.CONFLICT, Refusal.Reason.UNPROCESSABLE})
  OperationView devices(
      @UuidPath @PathVariable String id, @Valid @RequestBody GrowthDevicesRequest request) {
    return devices.put(UuidParameter.parse(id, "id", "operation id"), request.devices());
  }

  @PostMapping(OPERATIONS + "/{id}/apply")
  @Operation(
      operationId = "applyGrowth",
      summary = "Apply a planned growth",
      description =
          "Starts a PLANNED growth: the grown fabric becomes the model at once, its new switches"
              + " held by the growth and its new GPUs out of placement; the provisioning leader"
              + " then runs the steps, each waiting (WAITING, with waitingFor) for the hands on"
              + " the floor: a switch to install or inventory, a cable to move or add.")
  @ApiResponse(
      responseCode = "202",
      description = "Started",
      content = @Content(schema = @Schema(implementation = OperationView.class)))
  @Access(Role.OPERATOR)
  @Refuses({Refusal.Reason.NOT_FOUND, Refusal.Reason.CONFLICT})
  ResponseEntity<OperationView> apply(@UuidPath @PathVariable String id) {
    return ResponseEntity.status(HttpStatus.ACCEPTED)
        .body(apply.apply(UuidParameter.parse(id, "id", "operation id")));
  }

  private static boolean dryRun(String raw) {
    if (raw == null || raw.equals("false")) {
      return false;
    }
    if (raw.equals("true")) {
      return true;
    }
    throw Refusal.invalid("Invalid dryRun", "dryRun is true or false.").field("dryRun");
  }
}
