package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.device.PortOrder;
import io.tenantfabric.model.device.ServiceBinding;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.topology.PortName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Turns (current, target) into edit steps in an order that keeps tenants isolated at every step and
 * references valid (comware-facts.md section 2.4):
 *
 * <ol>
 *   <li>ports that go down are shut first, and so are up ports that move to another VSI or lose the
 *       only service instances they have (an up port in no VSI would forward in the default VLAN);
 *       they come back up in the last step;
 *   <li>ports leave their old VSI (AC, then SRV) before anything else moves, and so does every
 *       service instance the intent does not compile there (a port's {@link PortExtra extras}),
 *       whatever its encapsulation: a foreign binding goes before anything is added;
 *   <li>stale packet-filters go, and so do extra ones (any direction or family) and extra QoS
 *       lines; VXLAN mappings that go or change are unmapped;
 *   <li>VSIs, then their VXLAN mappings, are created;
 *   <li>ACL groups, then their rules (new and changed; a changed rule is removed then re-added);
 *   <li>packet-filters are applied <em>before</em> a port joins a VSI, so it never forwards
 *       unfiltered;
 *   <li>ports join (SRV, then AC); lossless settings; description and admin-up last;
 *   <li>teardown in reverse: stale rules (all rules of a group that goes), ACL groups, VSIs.
 * </ol>
 *
 * Within a phase the steps come kind by kind (every changed rule removed before any is added, every
 * service created before any is attached), so that the Comware driver can send each run of one kind
 * as one edit ({@link EditGroup}). Ports outside the target's scope are left alone. A target never
 * carries extras. Pure and deterministic.
 */
public final class EditPlanner {
  private EditPlanner() {}

  /** The steps that take a switch from {@code current} to {@code target}; empty if equal. */
  public static List<EditStep> plan(DeviceConfig current, DeviceConfig target) {
    for (PortConfig p : target.ports().values()) {
      if (!p.extras().isEmpty()) {
        throw new IllegalArgumentException(
            "a target carries no extras, but " + p.port().value() + " has " + p.extras());
      }
    }
    List<EditStep> steps = new ArrayList<>();
    SortedSet<PortName> ports = new TreeSet<>(PortOrder.NATURAL);
    ports.addAll(target.ports().keySet());

    // 1. shut ports that go down, and ports that leave their VSI while up: between leaving and
    // joining, an up port in no VSI forwards untagged frames in the default VLAN
    for (PortName p : ports) {
      PortConfig to = target.ports().get(p);
      Optional<PortConfig> from = Optional.ofNullable(current.ports().get(p));
      if (from.map(PortConfig::adminUp).orElse(true)) {
        if (!to.adminUp()) {
          steps.add(new EditStep.SetPortState(p, false, to.description()));
        } else if (leavesVsi(current, target, p)) {
          steps.add(new EditStep.SetPortState(p, false, from.get().description()));
        }
      }
    }
    // 2. leave old VSIs: every AC, then every SRV (kind by kind, so that each kind is one edit);
    // service instances the intent does not compile go the same way, before anything is added
    List<EditStep> removals = new ArrayList<>();
    for (PortName p : ports) {
      Optional<ServiceBinding> from = binding(current, p);
      Optional<ServiceBinding> to = target.ports().get(p).binding();
      if (from.isPresent() && !from.equals(to)) {
        steps.add(new EditStep.Detach(p, from.get().srvId(), from.get().vsiName()));
        removals.add(new EditStep.RemoveService(p, from.get().srvId()));
      }
      for (PortExtra e : extras(current, p)) {
        if (e instanceof PortExtra.Service x) {
          x.vsi().ifPresent(vsi -> steps.add(new EditStep.Detach(p, x.srvId(), vsi)));
          removals.add(new EditStep.RemoveService(p, x.srvId()));
        }
      }
    }
    steps.addAll(removals);
    // 3. stale packet-filters, extra ones and extra QoS lines, stale VXLAN mappings
    for (PortName p : ports) {
      Optional<String> from =
          current.ports().containsKey(p) ? current.ports().get(p).inboundAcl() : Optional.empty();
      Optional<String> to = target.ports().get(p).inboundAcl();
      if (from.isPresent() && !from.equals(to)) {
        steps.add(new EditStep.RemoveFilter(p, from.get()));
      }
    }
    for (PortName p : ports) {
      Optional<PortExtra> wanted = target.ports().get(p).inboundAcl().map(EditPlanner::inbound);
      for (PortExtra e : extras(current, p)) {
        // an extra that is the target's own inbound filter stays: it is what step 6 would apply
        if (e instanceof PortExtra.PacketFilter f && !wanted.equals(Optional.of(f))) {
          steps.add(new EditStep.RemoveExtraFilter(p, f));
        }
      }
    }
    for (PortName p : ports) {
      for (PortExtra e : extras(current, p)) {
        if (e instanceof PortExtra.Qos q) {
          steps.add(new EditStep.RemoveQos(p, q.text()));
        }
      }
    }
    for (VsiConfig v : current.vsis().values()) {
      VsiConfig t = target.vsis().get(v.name());
      if (t == null || !t.vni().equals(v.vni())) {
        steps.add(new EditStep.UnmapVxlan(v.name(), v.vni()));
      }
    }
    // 4. VSIs and their VXLANs
    for (VsiConfig v : target.vsis().values()) {
      if (!current.vsis().containsKey(v.name())) {
        steps.add(new EditStep.CreateVsi(v.name()));
      }
    }
    for (VsiConfig v : target.vsis().values()) {
      VsiConfig c = current.vsis().get(v.name());
      if (c == null || !c.vni().equals(v.vni())) {
        steps.add(new EditStep.MapVxlan(v.name(), v.vni()));
      }
    }
    // 5. ACL groups and rules (new and changed); stale rules go in the teardown
    for (AclConfig a : target.acls().values()) {
      if (!current.acls().containsKey(a.name())) {
        steps.add(new EditStep.CreateAcl(a.name()));
      }
    }
    List<EditStep> additions = new ArrayList<>();
    for (AclConfig a : target.acls().values()) {
      Map<Integer, AclRule> old = rulesById(current.acls().get(a.name()));
      for (AclRule r : a.rules()) {
        AclRule o = old.get(r.id());
        if (o != null && !o.equals(r)) {
          steps.add(new EditStep.RemoveRule(a.name(), r.id()));
        }
        if (!r.equals(o)) {
          additions.add(new EditStep.AddRule(a.name(), r));
        }
      }
    }
    steps.addAll(additions);
    // 6. packet-filters before the port joins
    for (PortName p : ports) {
      Optional<String> from =
          current.ports().containsKey(p) ? current.ports().get(p).inboundAcl() : Optional.empty();
      Optional<String> to = target.ports().get(p).inboundAcl();
      if (to.isPresent() && !to.equals(from) && !extras(current, p).contains(inbound(to.get()))) {
        steps.add(new EditStep.ApplyFilter(p, to.get()));
      }
    }
    // 7. join new VSIs: every SRV, then every AC
    List<EditStep> attachments = new ArrayList<>();
    for (PortName p : ports) {
      Optional<ServiceBinding> from = binding(current, p);
      Optional<ServiceBinding> to = target.ports().get(p).binding();
      if (to.isPresent() && !to.equals(from)) {
        steps.add(new EditStep.CreateService(p, to.get().srvId()));
        attachments.add(new EditStep.Attach(p, to.get().srvId(), to.get().vsiName()));
      }
    }
    steps.addAll(attachments);
    // 8. lossless settings
    PortLossless fromQos = PortLossless.of(current.lossless());
    PortLossless toQos = PortLossless.of(target.lossless());
    // losslessPorts() builds a new set per call: once each, not once per port
    SortedSet<PortName> fromPorts = current.losslessPorts();
    SortedSet<PortName> toPorts = target.losslessPorts();
    SortedSet<PortName> qosPorts = new TreeSet<>(PortOrder.NATURAL);
    qosPorts.addAll(fromPorts);
    qosPorts.addAll(toPorts);
    for (PortName p : qosPorts) {
      PortLossless f = fromPorts.contains(p) ? fromQos : PortLossless.NONE;
      PortLossless t = toPorts.contains(p) ? toQos : PortLossless.NONE;
      if (!f.equals(t)) {
        steps.add(new EditStep.SetLossless(p, f, t));
      }
    }
    // 9. description and admin-up last (a port shut in step 1 for its move comes back up here)
    for (PortName p : ports) {
      PortConfig to = target.ports().get(p);
      Optional<PortConfig> from = Optional.ofNullable(current.ports().get(p));
      boolean shutForGood = !to.adminUp() && from.map(PortConfig::adminUp).orElse(true);
      boolean shutForMove =
          to.adminUp()
              && from.map(PortConfig::adminUp).orElse(false)
              && leavesVsi(current, target, p);
      boolean changed =
          from.isEmpty()
              || shutForMove
              || from.get().adminUp() != to.adminUp()
              || !from.get().description().equals(to.description());
      if (changed && !shutForGood) {
        steps.add(new EditStep.SetPortState(p, to.adminUp(), to.description()));
      }
    }
    // 10. teardown: stale rules, ACL groups, VSIs
    for (AclConfig a : current.acls().values()) {
      // a group that goes loses its rules first: Comware refuses to delete a group in use by rules
      Map<Integer, AclRule> keep = rulesById(target.acls().get(a.name()));
      for (AclRule r : a.rules()) {
        if (!keep.containsKey(r.id())) {
          steps.add(new EditStep.RemoveRule(a.name(), r.id()));
        }
      }
    }
    for (AclConfig a : current.acls().values()) {
      if (!target.acls().containsKey(a.name())) {
        steps.add(new EditStep.DeleteAcl(a.name()));
      }
    }
    for (VsiConfig v : current.vsis().values()) {
      if (!target.vsis().containsKey(v.name())) {
        steps.add(new EditStep.DeleteVsi(v.name()));
      }
    }
    return List.copyOf(steps);
  }

  /**
   * True when the port is in a VSI now and the target has it elsewhere or in none; or when it is
   * joined to VSIs only by service instances the intent does not compile, which go, so that it is
   * in no VSI until it joins the target's.
   */
  private static boolean leavesVsi(DeviceConfig current, DeviceConfig target, PortName p) {
    Optional<ServiceBinding> from = binding(current, p);
    if (from.isPresent()) {
      return !from.equals(target.ports().get(p).binding());
    }
    return extras(current, p).stream()
        .anyMatch(e -> e instanceof PortExtra.Service x && x.vsi().isPresent());
  }

  private static List<PortExtra> extras(DeviceConfig c, PortName p) {
    PortConfig pc = c.ports().get(p);
    return pc == null ? List.of() : pc.extras();
  }

  /** The extra a switch shows for the tenant filter {@code acl} when it is not the port's model. */
  private static PortExtra inbound(String acl) {
    return new PortExtra.PacketFilter(
        acl, PortExtra.PacketFilter.Direction.INBOUND, PortExtra.PacketFilter.Family.IPV4);
  }

  private static Optional<ServiceBinding> binding(DeviceConfig c, PortName p) {
    PortConfig pc = c.ports().get(p);
    return pc == null ? Optional.empty() : pc.binding();
  }

  private static Map<Integer, AclRule> rulesById(AclConfig a) {
    Map<Integer, AclRule> m = new HashMap<>();
    if (a != null) {
      for (AclRule r : a.rules()) {
        m.put(r.id(), r);
      }
    }
    return m;
  }
}
