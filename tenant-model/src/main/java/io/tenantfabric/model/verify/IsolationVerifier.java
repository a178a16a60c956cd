package io.tenantfabric.model.verify;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.topology.SwitchName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Proves, from what the switches run, that no tenant can reach another, or says why not. Per
 * switch: ports in foreign VSIs (through their binding or any other service instance, whatever its
 * encapsulation), VSIs serving two tenants, VNIs not the tenant's, ACLs that let a port reach a
 * foreign prefix or filter the wrong way, what else a managed port carries beyond the intent, and
 * convergence (free ports not scrubbed, allocated ports unbound, ACLs missing or not applied,
 * lossless settings missing, tenant VSIs nobody asked for). Across the fabric: VNIs carried by VSIs
 * of two tenants, and a union-find over ports, attachment circuits, VSIs and VNIs that finds two
 * tenants' ports in one segment however many harmless-looking changes on however many switches
 * connect them. Linear in ports plus segments (plus a binary search per ACL'd port); deterministic;
 * no I/O.
 */
public final class IsolationVerifier {

  private IsolationVerifier() {}

  public static AuditReport verify(AuditInput input) {
    TenantIndex tenants = new TenantIndex(input.tenants());
    Findings findings = new Findings();
    SegmentGraph graph = new SegmentGraph();
    List<PortEvidence> ports = new ArrayList<>();
    List<String> unreadable = new ArrayList<>();
    List<SwitchObservation> switches = new ArrayList<>(input.switches());
    switches.sort(Comparator.comparing(s -> s.name().value()));
    int read = 0;
    for (SwitchObservation s : switches) {
      if (s.observed().isEmpty()) {
        unreadable.add(s.name().value());
        findings.add(
            FindingKind.UNREADABLE,
            s.name().value(),
            null,
            SwitchAudit.owners(s.expected()).values(),
            s.inFlight(),
            s.name().value() + " could not be read",
            List.of(new Evidence.Note(s.unreadableReason())));
        continue;
      }
      read++;
      ports.addAll(SwitchAudit.run(s, tenants, input.fabric().gpusOn(s.name()), findings, graph));
    }
    for (Map.Entry<SwitchName, DeviceConfig> c : new TreeMap<>(input.context()).entrySet()) {
      asLastApplied(c.getValue(), graph);
    }
    sharedVnis(graph, findings);
    for (SegmentGraph.Leak leak : graph.leaks()) {
      findings.add(
          FindingKind.CROSS_TENANT_PATH,
          null,
          null,
          leak.tenants(),
          false,
          "ports of " + String.join(", ", leak.tenants()) + " share one layer-2 segment",
          leak.path());
    }
    AuditStatus status =
        findings.any(FindingClass.ISOLATION) || findings.any(FindingClass.UNMODELED)
            ? AuditStatus.FINDINGS
            : unreadable.isEmpty() ? AuditStatus.CLEAN : AuditStatus.INCOMPLETE;
    ports.sort(
        Comparator.comparing(PortEvidence::tenant)
            .thenComparing(PortEvidence::switchName)
            .thenComparing(PortEvidence::port));
    return new AuditReport(status, findings.sorted(), findings.counts(), read, unreadable, ports);
  }

  /** A switch outside the audit's scope, as it was last applied: only its segments count. */
  private static void asLastApplied(DeviceConfig config, SegmentGraph graph) {
    String sw = config.device().value();
    for (VsiConfig v : config.vsis().values()) {
      graph.vsi(sw, v.name(), v.tenant(), v.vni().value());
    }
    for (PortConfig p : config.ports().values()) {
      p.binding()
          .ifPresent(
              b ->
                  graph.bind(
                      sw,
                      p.port().value(),
                      config.vsis().get(b.vsiName()).tenant(),
                      b.srvId(),
                      b.vsiName()));
    }
  }

  private static void sharedVnis(SegmentGraph graph, Findings findings) {
    graph
        .sharedVnis()
        .forEach(
            (vni, carriers) -> {
              List<Evidence> evidence = new ArrayList<>();
              TreeSet<String> switches = new TreeSet<>();
              carriers
                  .values()
                  .forEach(
                      where -> {
                        evidence.addAll(where);
                        where.forEach(w -> switches.add(w.switchName()));
                      });
              findings.add(
                  FindingKind.SHARED_SEGMENT,
                  switches.size() == 1 ? switches.first() : null,
                  null,
                  carriers.keySet(),
                  false,
                  "VNI " + vni + " is carried by VSIs of " + String.join(", ", carriers.keySet()),
                  evidence);
            });
  }
}
