package io.tenantfabric.controller.device;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.apidoc.Refuses;
import io.tenantfabric.controller.apidoc.SwitchPath;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.web.SwitchNameParameter;
import io.tenantfabric.model.topology.SwitchName;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/fabric/devices/{name}}: one switch, its config from a source, and the plan of its
 * next change. A malformed name is a 400 naming {@code name}, an unknown switch a 404.
 */
@RestController
@RequestMapping("/api/v1/fabric/devices/{name}")
@Tag(name = "devices")
class DeviceController {

  private final DescribeDevice describe;
  private final ReadDeviceConfig config;
  private final PlanDeviceChange plan;

  DeviceController(DescribeDevice describe, ReadDeviceConfig config, PlanDeviceChange plan) {
    this.describe = describe;
    this.config = config;
    this.plan = plan;
  }

  @GetMapping
  @Operation(
      operationId = "getDevice",
      summary = "Describe a switch",
      description =
          "The switch's state, its generations, last error and drift, and each port: its purpose,"
              + " its GPU, the allocation that holds it and what the intent puts on it.")
  @ApiResponse(responseCode = "200", description = "The switch")
  @Access({Role.OPERATOR, Role.AUDITOR})
  @Refuses(Refusal.Reason.NOT_FOUND)
  DeviceView get(@SwitchPath @PathVariable String name) {
    return describe.describe(switchName(name));
  }

  @GetMapping("/config")
  @Operation(
      operationId = "getDeviceConfig",
      summary = "Read a switch's configuration",
      description =
          "The switch's configuration as the controller models it: `intended` (what the intent"
              + " compiles to), `running` (read from the switch now; 503 if it cannot be read) or"
              + " `cached` (the last verified read).")
  @ApiResponse(responseCode = "200", description = "The configuration")
  @Access({Role.OPERATOR, Role.AUDITOR})
  @Refuses({Refusal.Reason.NOT_FOUND, Refusal.Reason.CONFLICT})
  DeviceConfigView config(
      @SwitchPath @PathVariable String name,
      @Parameter(
              description = "intended, running or cached",
              schema =
                  @Schema(
                      type = "string",
                      allowableValues = {"intended", "running", "cached"},
                      defaultValue = "intended"))
          @RequestParam(defaultValue = "intended")
          String source) {
    SwitchName parsed = switchName(name);
    return config.read(parsed, ConfigSource.parse(source));
  }

  @GetMapping("/plan")
  @Operation(
      operationId = "planDeviceChange",
      summary = "Plan a switch's next change",
      description =
          "The steps the next transaction on this switch would send (CLI and NETCONF), from the"
              + " switch's last verified state to the intent; nothing is sent.")
  @ApiResponse(responseCode = "200", description = "The plan")
  @Access({Role.OPERATOR, Role.AUDITOR})
  @Refuses({Refusal.Reason.NOT_FOUND, Refusal.Reason.CONFLICT})
  DevicePlan plan(@SwitchPath @PathVariable String name) {
    return plan.plan(switchName(name));
  }

  private static SwitchName switchName(String name) {
    return SwitchNameParameter.parse(name);
  }
}
