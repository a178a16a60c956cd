package io.tenantfabric.controller.fabric;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.apidoc.GpuPath;
import io.tenantfabric.controller.apidoc.IndexPath;
import io.tenantfabric.controller.apidoc.Refuses;
import io.tenantfabric.controller.apidoc.ServerPath;
import io.tenantfabric.controller.apidoc.SwitchPath;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.web.SwitchNameParameter;
import io.tenantfabric.model.topology.GpuId;
import jakarta.validation.Valid;
import java.net.URI;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/fabric}. A GPU id contains a slash ({@code gpu-node-001/0}); it is addressed
 * either literally as two path segments ({@code /gpus/gpu-node-001/0/cordon}) or with a colon
 * ({@code /gpus/gpu-node-001:0/cordon}). An encoded slash ({@code %2F}) is refused by the firewall
 * with a 400, on purpose: encoded slashes are a classic path-confusion vector.
 */
@RestController
@RequestMapping("/api/v1/fabric")
@Tag(name = "fabric")
class FabricController {

  private final DefineFabric define;
  private final DescribeFabric describe;
  private final DrainDevice drain;
  private final CordonGpu cordon;

  FabricController(
      DefineFabric define, DescribeFabric describe, DrainDevice drain, CordonGpu cordon) {
    this.define = define;
    this.describe = describe;
    this.drain = drain;
    this.cordon = cordon;
  }

  @PutMapping
  @Operation(
      operationId = "defineFabric",
      summary = "Define the fabric",
      description =
          "Defines the fabric from a preset or a spec, with the inventory of its switches (where"
              + " the southbound reaches each and its pinned host key). The same definition again"
              + " is UNCHANGED (200), its inventory updated; the first is DEFINED (201). Another"
              + " spec is a 409 of type urn:tenant-fabric:problem:growth-required: a fabric in"
              + " service grows through POST /api/v1/fabric/growth. A switch's changed host key"
              + " not named in replaceHostKeys is refused.")
  @ApiResponse(
      responseCode = "200",
      description = "Unchanged (the inventory updated)",
      content = @Content(schema = @Schema(implementation = FabricDefinition.class)))
  @ApiResponse(
      responseCode = "201",
      description = "Defined",
      headers =
          @Header(
              name = "Location",
              description = "The fabric's URL",
              schema = @Schema(type = "string")),
      content = @Content(schema = @Schema(implementation = FabricDefinition.class)))
  @Access(Role.OPERATOR)
  @Refuses({Refusal.Reason.CONFLICT, Refusal.Reason.UNPROCESSABLE})
  ResponseEntity<FabricDefinition> put(@Valid @RequestBody DefineFabricRequest request) {
    FabricDefinition result = define.define(request);
    if (result.outcome() == FabricDefinition.Outcome.DEFINED) {
      return ResponseEntity.created(URI.create("/api/v1/fabric")).body(result);
    }
    return ResponseEntity.ok(result);
  }

  @GetMapping
  @Operation(
      operationId = "getFabric",
      summary = "Describe the fabric",
      description =
          "The fabric's totals, each switch's state (in sync, drained, last error, drift) and each"
              + " leaf's occupancy.")
  @ApiResponse(responseCode = "200", description = "The fabric")
  @Access({Role.OPERATOR, Role.AUDITOR})
  @Refuses(Refusal.Reason.NOT_FOUND)
  FabricView get() {
    return describe.describe();
  }

  @PostMapping("/devices/{name}/drain")
  @Operation(
      operationId = "drainSwitch",
      summary = "Drain a switch",
      description = "New allocations avoid a drained switch's GPUs; live ones stay.")
  @ApiResponse(responseCode = "200", description = "The switch, drained")
  @Access(Role.OPERATOR)
  @Refuses(Refusal.Reason.NOT_FOUND)
  DrainDevice.SwitchState drain(@SwitchPath @PathVariable String name) {
    return drain.setDrained(switchName(name), true);
  }

  @PostMapping("/devices/{name}/undrain")
  @Operation(
      operationId = "undrainSwitch",
      summary = "Undrain a switch",
      description = "New allocations may use the switch's GPUs again.")
  @ApiResponse(responseCode = "200", description = "The switch, not drained")
  @Access(Role.OPERATOR)
  @Refuses(Refusal.Reason.NOT_FOUND)
  DrainDevice.SwitchState undrain(@SwitchPath @PathVariable String name) {
    return drain.setDrained(switchName(name), false);
  }

  @PostMapping("/gpus/{gpuId}/cordon")
  @Operation(
      operationId = "cordonGpu",
      summary = "Cordon a GPU",
      description = "New allocations avoid a cordoned GPU; a lease that holds it keeps it.")
  @ApiResponse(responseCode = "200", description = "The GPU, cordoned")
  @Access(Role.OPERATOR)
  @Refuses(Refusal.Reason.NOT_FOUND)
  CordonGpu.GpuState cordon(@GpuPath @PathVariable String gpuId) {
    return cordon.setCordoned(gpuId(gpuId.replace(':', '/')), true);
  }

  @PostMapping("/gpus/{gpuId}/uncordon")
  @Operation(
      operationId = "uncordonGpu",
      summary = "Uncordon a GPU",
      description = "New allocations may use the GPU again.")
  @ApiResponse(responseCode = "200", description = "The GPU, not cordoned")
  @Access(Role.OPERATOR)
  @Refuses(Refusal.Reason.NOT_FOUND)
  CordonGpu.GpuState uncordon(@GpuPath @PathVariable String gpuId) {
    return cordon.setCordoned(gpuId(gpuId.replace(':', '/')), false);
  }

  @PostMapping("/gpus/{server}/{index}/cordon")
  @Operation(
      operationId = "cordonGpuOfServer",
      summary = "Cordon a GPU, named by server and index",
      description = "As cordonGpu, with the GPU id's two parts as path segments.")
  @ApiResponse(responseCode = "200", description = "The GPU, cordoned")
  @Access(Role.OPERATOR)
  @Refuses(Refusal.Reason.NOT_FOUND)
  CordonGpu.GpuState cordon(
      @ServerPath @PathVariable String server, @IndexPath @PathVariable String index) {
    return cordon.setCordoned(gpuId(server + "/" + index), true);
  }

  @PostMapping("/gpus/{server}/{index}/uncordon")
  @Operation(
      operationId = "uncordonGpuOfServer",
      summary = "Uncordon a GPU, named by server and index",
      description = "As uncordonGpu, with the GPU id's two parts as path segments.")
  @ApiResponse(responseCode = "200", description = "The GPU, not cordoned")
  @Access(Role.OPERATOR)
  @Refuses(Refusal.Reason.NOT_FOUND)
  CordonGpu.GpuState uncordon(
      @ServerPath @PathVariable String server, @IndexPath @PathVariable String index) {
    return cordon.setCordoned(gpuId(server + "/" + index), false);
  }

  private static String switchName(String name) {
    return SwitchNameParameter.parse(name).value();
  }

  private static String gpuId(String id) {
    try {
      GpuId parsed = new GpuId(id);
      parsed.server(); // validates the server part as a ServerName
      return parsed.value();
    } catch (IllegalArgumentException e) {
      throw Refusal.invalid(
              "Invalid GPU id",
              "A GPU id is <server>/<index> (or <server>:<index>), like gpu-node-001/0.")
          .field("gpuId");
    }
  }
}
