package io.tenantfabric.controller.fabric;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.FabricSpec;
import io.tenantfabric.model.topology.FabricValidationException;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.UnknownPresetException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a {@code PUT /api/v1/fabric} must be before anything is read or locked: exactly one of a
 * known preset and a spec, a spec the core accepts (its violations become the problem's list), and
 * an inventory of distinct switches of that fabric in their roles, with {@code replaceHostKeys}
 * naming only devices of the same request. Every refusal is a 400 or 422 naming its field.
 */
public final class FabricRequestChecks {

  private FabricRequestChecks() {}

  /** The spec asked for and the fabric it builds, once the whole request is found sound. */
  public record Checked(FabricSpec spec, Fabric target) {}

  public static Checked check(DefineFabricRequest request) {
    FabricSpec spec = resolveSpec(request);
    Fabric target = build(spec);
    checkDevices(target, request.devices());
    checkReplaceHostKeys(request);
    return new Checked(spec, target);
  }

  private static FabricSpec resolveSpec(DefineFabricRequest request) {
    if ((request.preset() == null) == (request.spec() == null)) {
      throw Refusal.invalid(
              "Invalid fabric request",
              "Give exactly one of \"preset\" (one of "
                  + FabricPresets.names().stream().sorted().toList()
                  + ") and \"spec\".")
          .field(request.preset() == null ? "spec" : "preset");
    }
    if (request.preset() != null) {
      try {
        return FabricPresets.named(request.preset());
      } catch (UnknownPresetException e) {
        throw Refusal.unprocessable("Unknown preset", e.getMessage()).field("preset");
      }
    }
    return request.spec();
  }

  private static Fabric build(FabricSpec spec) {
    try {
      return Fabric.of(spec);
    } catch (FabricValidationException e) {
      throw Refusal.unprocessable("Invalid fabric spec", e.getMessage())
          .field("spec")
          .with(
              "violations",
              e.violations().stream()
                  .limit(50)
                  .map(
                      v -> Map.of("element", v.element(), "rule", v.rule(), "message", v.message()))
                  .toList());
    } catch (IllegalArgumentException e) {
      // a field outside its range (negative counts, a malformed supernet) before the topology
      // exists
      throw Refusal.unprocessable("Invalid fabric spec", e.getMessage()).field("spec");
    }
  }

  private static void checkDevices(Fabric target, List<DeviceRequest> devices) {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < devices.size(); i++) {
      DeviceRequest d = devices.get(i);
      String field = "devices[" + i + "]";
      if (!seen.add(d.name())) {
        throw unprocessable(field + ".name", "Device " + d.name() + " is listed twice.");
      }
      Optional<Switch> sw;
      try {
        sw = target.switchNamed(new SwitchName(d.name()));
      } catch (IllegalArgumentException e) {
        sw = Optional.empty();
      }
      if (sw.isEmpty()) {
        throw unprocessable(
            field + ".name", "Fabric " + target.name() + " has no switch named " + d.name() + ".");
      }
      if (!sw.get().role().name().equals(d.role())) {
        throw unprocessable(
            field + ".role",
            "Switch " + d.name() + " is a " + sw.get().role() + ", not a " + d.role() + ".");
      }
    }
  }

  /** Every name in replaceHostKeys must be a device of this request: anything else is a typo. */
  private static void checkReplaceHostKeys(DefineFabricRequest request) {
    Set<String> listed =
        request.devices().stream().map(DeviceRequest::name).collect(Collectors.toSet());
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < request.replaceHostKeys().size(); i++) {
      String name = request.replaceHostKeys().get(i);
      String field = "replaceHostKeys[" + i + "]";
      if (!seen.add(name)) {
        throw unprocessable(field, "Device " + name + " is listed twice.");
      }
      if (!listed.contains(name)) {
        throw unprocessable(
            field,
            "Device "
                + name
                + " is not in this request's devices: a host key can only be replaced together"
                + " with the inventory entry that carries the new one.");
      }
    }
  }

  private static Refusal unprocessable(String field, String detail) {
    return Refusal.unprocessable("Invalid device inventory", detail).field(field);
  }
}
