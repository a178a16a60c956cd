package io.tenantfabric.controller.device;

import io.tenantfabric.controller.provision.DeviceConfigJson;
import io.tenantfabric.controller.provision.SwitchReader;
import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.db.provisioning.StoredConfig;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.southbound.comware.ComwareCli;
import io.tenantfabric.southbound.comware.ComwareXml;
import io.tenantfabric.southbound.comware.EditGroup;
import io.tenantfabric.southbound.comware.EditPlanner;
import io.tenantfabric.southbound.comware.EditStep;
import io.tenantfabric.southbound.comware.IfIndexMap;
import io.tenantfabric.southbound.protocol.SecureXml;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Plans a switch's next change as its transaction would: target compiled from the intent now,
 * current the last verified config when it is still valid (the provisioner's believed current),
 * else what the switch runs; interface indexes for the XML from a live read, which may fail when
 * planning from the cached config (the XML is then left out) but not otherwise (503).
 */
@Component
class PlanDeviceChange {

  private final DeviceFactsReader facts;
  private final LiveReads live;

  PlanDeviceChange(DeviceFactsReader facts, LiveReads live) {
    this.facts = facts;
    this.live = live;
  }

  DevicePlan plan(SwitchName name) {
    DeviceFacts f = facts.read(name, true);
    PendingSwitch sw = f.requireManaged();
    Optional<StoredConfig> believed = f.stored().filter(StoredConfig::valid);
    DeviceConfig current;
    Optional<IfIndexMap> ifIndexes;
    if (believed.isPresent()) {
      current = DeviceConfigJson.read(believed.get().configJson());
      ifIndexes = live.tryRead(sw, f.target()).map(SwitchReader.Running::ifIndexes);
    } else {
      SwitchReader.Running running = live.read(sw, f.target());
      current = running.config();
      ifIndexes = Optional.of(running.ifIndexes());
    }
    return new DevicePlan(
        name.value(),
        believed.isPresent() ? "cached" : "running",
        f.pending(),
        f.device().desiredGeneration(),
        f.device().appliedGeneration(),
        steps(EditPlanner.plan(current, f.target()), ifIndexes));
  }

  /** Each step with the number of the edit RPC that carries it (its EditGroup, from 1). */
  private static List<DevicePlan.Step> steps(List<EditStep> plan, Optional<IfIndexMap> ifIndexes) {
    List<DevicePlan.Step> steps = new ArrayList<>();
    List<EditGroup> groups = EditGroup.of(plan);
    for (int edit = 1; edit <= groups.size(); edit++) {
      for (EditStep step : groups.get(edit - 1).steps()) {
        steps.add(step(step, edit, ifIndexes));
      }
    }
    return steps;
  }

  private static DevicePlan.Step step(EditStep step, int edit, Optional<IfIndexMap> ifIndexes) {
    String xml =
        ifIndexes.isPresent() && step.feature().xmlKnown()
            ? SecureXml.toString(ComwareXml.render(step, ifIndexes.get()))
            : null;
    return new DevicePlan.Step(step.describe(), edit, ComwareCli.render(step), xml);
  }
}
