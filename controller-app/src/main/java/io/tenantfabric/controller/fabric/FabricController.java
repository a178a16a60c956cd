package io.tenantfabric.controller.fabric;

import io.tenantfabric.controller.refusal.Refusal;
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
  ResponseEntity<FabricDefinition> put(@Valid @RequestBody DefineFabricRequest request) {
    FabricDefinition result = define.define(request);
    if (result.outcome() == FabricDefinition.Outcome.DEFINED) {
      return ResponseEntity.created(URI.create("/api/v1/fabric")).body(result);
    }
    return ResponseEntity.ok(result);
  }

  @GetMapping
  FabricView get() {
    return describe.describe();
  }

  @PostMapping("/devices/{name}/drain")
  DrainDevice.SwitchState drain(@PathVariable String name) {
    return drain.setDrained(switchName(name), true);
  }

  @PostMapping("/devices/{name}/undrain")
  DrainDevice.SwitchState undrain(@PathVariable String name) {
    return drain.setDrained(switchName(name), false);
  }

  @PostMapping("/gpus/{gpuId}/cordon")
  CordonGpu.GpuState cordon(@PathVariable String gpuId) {
    return cordon.setCordoned(gpuId(gpuId.replace(':', '/')), true);
  }

  @PostMapping("/gpus/{gpuId}/uncordon")
  CordonGpu.GpuState uncordon(@PathVariable String gpuId) {
    return cordon.setCordoned(gpuId(gpuId.replace(':', '/')), false);
  }

  @PostMapping("/gpus/{server}/{index}/cordon")
  CordonGpu.GpuState cordon(@PathVariable String server, @PathVariable String index) {
    return cordon.setCordoned(gpuId(server + "/" + index), true);
  }

  @PostMapping("/gpus/{server}/{index}/uncordon")
  CordonGpu.GpuState uncordon(@PathVariable String server, @PathVariable String index) {
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
