package io.tenantfabric.controller.device;

import io.tenantfabric.controller.drift.DriftJson;
import io.tenantfabric.controller.provision.Day0Json;
import io.tenantfabric.db.provisioning.DeviceViewStore;
import io.tenantfabric.db.provisioning.SwitchStatus;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortOrder;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import java.util.Comparator;
import java.util.List;
import org.springframework.stereotype.Component;

/** Reads one switch with its ports, their holders and their intended config. */
@Component
class DescribeDevice {

  private final DeviceFactsReader facts;

  DescribeDevice(DeviceFactsReader facts) {
    this.facts = facts;
  }

  DeviceView describe(SwitchName name) {
    DeviceFacts f = facts.read(name, false);
    DeviceViewStore.Device d = f.device();
    SwitchStatus st = d.status();
    List<DeviceView.PortView> ports =
        f.ports().stream()
            .sorted(
                Comparator.comparing(
                    (DeviceViewStore.Port p) -> new PortName(p.name()), PortOrder.NATURAL))
            .map(p -> port(p, f.target().ports().get(new PortName(p.name()))))
            .toList();
    return new DeviceView(
        d.name(),
        d.role(),
        d.pod(),
        d.drained(),
        f.state(),
        d.desiredGeneration(),
        d.appliedGeneration(),
        f.pending(),
        st.lastErrorAt() == null
            ? null
            : new DeviceView.LastError(st.lastErrorAt(), st.lastErrorPhase(), st.lastError()),
        st.lastVerifiedAt(),
        st.unsavedSince(),
        st.driftSince(),
        DriftJson.lastDrift(st.lastDriftAt(), st.lastDriftJson()),
        d.serialNumber(),
        d.day0CheckedAt() == null ? null : day0(d),
        ports);
  }

  private static DeviceView.Day0View day0(DeviceViewStore.Device d) {
    List<DeviceView.Day0GapView> gaps =
        Day0Json.read(d.day0GapsJson()).stream()
            .map(g -> new DeviceView.Day0GapView(g.item().name(), g.detail()))
            .toList();
    return new DeviceView.Day0View(d.day0CheckedAt(), gaps.isEmpty(), gaps);
  }

  private static DeviceView.PortView port(DeviceViewStore.Port p, PortConfig intended) {
    return new DeviceView.PortView(
        p.name(),
        p.speedGbps(),
        p.purpose(),
        p.gpu() == null ? null : new DeviceView.GpuView(p.gpu(), p.server(), p.cordoned()),
        p.allocation() == null
            ? null
            : new DeviceView.Holder(p.allocation().toString(), p.tenant(), p.allocationStatus()),
        intended == null
            ? null
            : new DeviceView.IntendedPort(
                intended.adminUp(),
                intended.description(),
                intended
                    .binding()
                    .map(b -> new DeviceView.Binding(b.vsiName(), b.srvId()))
                    .orElse(null),
                intended.inboundAcl().orElse(null)));
  }
}
