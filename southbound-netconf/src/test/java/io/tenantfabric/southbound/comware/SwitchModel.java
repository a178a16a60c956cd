package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.device.ServiceEncapsulation;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.PortName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A switch's tables as plain sets and maps, with an interpreter of {@link EditStep}s written from
 * the Comware edit semantics (comware-facts.md section 2.4: merge creates or updates, remove is
 * idempotent, delete needs the row) and not from the renderer, so that it can judge the planner. It
 * holds what a port carries beyond the intent too (service instances of any match, filters of any
 * direction and family, QoS lines). Reference checks are not made on apply: {@link #violations()}
 * reports them after each step.
 */
final class SwitchModel {
  record Srv(PortName port, int srvId) {}

  /** A packet filter; the tenant filter the driver writes is an inbound IPv4 one. */
  record Filter(
      PortName port,
      String acl,
      PortExtra.PacketFilter.Direction direction,
      PortExtra.PacketFilter.Family family) {
    static Filter tenant(PortName port, String acl) {
      return new Filter(
          port, acl, PortExtra.PacketFilter.Direction.INBOUND, PortExtra.PacketFilter.Family.IPV4);
    }
  }

  record QosLine(PortName port, String text) {}

  record RuleKey(String acl, int id) {}

  /** Everything the model holds, comparable with equals. */
  record State(
      Map<PortName, Boolean> adminUp,
      Map<PortName, String> description,
      Set<String> vsis,
      Map<Vni, String> vxlans,
      Map<Srv, ServiceEncapsulation> services,
      Map<Srv, String> acs,
      Set<Filter> filters,
      Set<QosLine> qos,
      Set<String> acls,
      Map<RuleKey, AclRule> rules,
      Map<PortName, PortLossless> lossless) {}

  private final Map<PortName, Boolean> adminUp = new HashMap<>();
  private final Map<PortName, String> description = new HashMap<>();
  private final Set<String> vsis = new HashSet<>();
  private final Map<Vni, String> vxlans = new HashMap<>();
  private final Map<Srv, ServiceEncapsulation> services = new HashMap<>();
  private final Map<Srv, String> acs = new HashMap<>();
  private final Set<Filter> filters = new HashSet<>();
  private final Set<QosLine> qos = new HashSet<>();
  private final Set<String> acls = new HashSet<>();
  private final Map<RuleKey, AclRule> rules = new HashMap<>();
  private final Map<PortName, PortLossless> lossless = new HashMap<>();

  /** The tables a switch running {@code c} holds. */
  static SwitchModel of(DeviceConfig c) {
    SwitchModel m = new SwitchModel();
    for (PortConfig p : c.ports().values()) {
      m.adminUp.put(p.port(), p.adminUp());
      m.description.put(p.port(), p.description());
      p.binding()
          .ifPresent(
              b -> {
                Srv srv = new Srv(p.port(), b.srvId());
                m.services.put(srv, ServiceEncapsulation.untagged());
                m.acs.put(srv, b.vsiName());
              });
      p.inboundAcl().ifPresent(a -> m.filters.add(Filter.tenant(p.port(), a)));
      for (PortExtra e : p.extras()) {
        if (e instanceof PortExtra.Service x) {
          Srv srv = new Srv(p.port(), x.srvId());
          m.services.put(srv, x.encapsulation());
          x.vsi().ifPresent(v -> m.acs.put(srv, v));
        } else if (e instanceof PortExtra.PacketFilter f) {
          m.filters.add(new Filter(p.port(), f.acl(), f.direction(), f.family()));
        } else if (e instanceof PortExtra.Qos q) {
          m.qos.add(new QosLine(p.port(), q.text()));
        }
      }
    }
    for (VsiConfig v : c.vsis().values()) {
      m.vsis.add(v.name());
      m.vxlans.put(v.vni(), v.name());
    }
    for (AclConfig a : c.acls().values()) {
      m.acls.add(a.name());
      for (AclRule r : a.rules()) {
        m.rules.put(new RuleKey(a.name(), r.id()), r);
      }
    }
    PortLossless settings = PortLossless.of(c.lossless());
    if (!settings.isEmpty()) {
      for (PortName p : c.losslessPorts()) {
        m.lossless.put(p, settings);
      }
    }
    return m;
  }

  State state() {
    return new State(
        Map.copyOf(adminUp),
        Map.copyOf(description),
        Set.copyOf(vsis),
        Map.copyOf(vxlans),
        Map.copyOf(services),
        Map.copyOf(acs),
        Set.copyOf(filters),
        Set.copyOf(qos),
        Set.copyOf(acls),
        Map.copyOf(rules),
        Map.copyOf(lossless));
  }

  /** Applies one step; throws IllegalStateException where the switch would refuse it. */
  void apply(EditStep step) {
    if (step instanceof EditStep.SetPortState s) {
      adminUp.put(s.port(), s.adminUp());
      description.put(s.port(), s.description());
    } else if (step instanceof EditStep.CreateVsi s) {
      vsis.add(s.vsi());
    } else if (step instanceof EditStep.DeleteVsi s) {
      require(vsis.remove(s.vsi()), "delete of a missing VSI " + s.vsi());
    } else if (step instanceof EditStep.MapVxlan s) {
      String owner = vxlans.get(s.vni());
      require(owner == null || owner.equals(s.vsi()), "VNI " + s.vni() + " still maps " + owner);
      require(
          vxlans.entrySet().stream()
              .noneMatch(e -> e.getValue().equals(s.vsi()) && !e.getKey().equals(s.vni())),
          "VSI " + s.vsi() + " already has another VNI");
      vxlans.put(s.vni(), s.vsi());
    } else if (step instanceof EditStep.UnmapVxlan s) {
      String owner = vxlans.get(s.vni());
      // remove is by VxlanID only: it would take the VNI from whichever VSI holds it
      require(owner == null || owner.equals(s.vsi()), "unmap takes VNI from " + owner);
      vxlans.remove(s.vni());
    } else if (step instanceof EditStep.CreateService s) {
      // the driver writes an untagged match; a switch refuses to change a match already set
      ServiceEncapsulation now = services.get(new Srv(s.port(), s.srvId()));
      require(
          now == null || now.equals(ServiceEncapsulation.untagged()),
          "service-instance " + s.srvId() + " on " + s.port() + " already matches " + now);
      services.put(new Srv(s.port(), s.srvId()), ServiceEncapsulation.untagged());
    } else if (step instanceof EditStep.RemoveService s) {
      require(
          !acs.containsKey(new Srv(s.port(), s.srvId())),
          "service-instance " + s.srvId() + " on " + s.port() + " still has its xconnect");
      services.remove(new Srv(s.port(), s.srvId()));
    } else if (step instanceof EditStep.Attach s) {
      acs.put(new Srv(s.port(), s.srvId()), s.vsi());
    } else if (step instanceof EditStep.Detach s) {
      String vsi = acs.get(new Srv(s.port(), s.srvId()));
      // remove is by IfIndex + SrvID only: it would detach whatever VSI the AC names
      require(vsi == null || vsi.equals(s.vsi()), "detach removes the AC into " + vsi);
      acs.remove(new Srv(s.port(), s.srvId()));
    } else if (step instanceof EditStep.CreateAcl s) {
      acls.add(s.acl());
    } else if (step instanceof EditStep.DeleteAcl s) {
      require(acls.remove(s.acl()), "delete of a missing ACL " + s.acl());
    } else if (step instanceof EditStep.AddRule s) {
      rules.put(new RuleKey(s.acl(), s.rule().id()), s.rule());
    } else if (step instanceof EditStep.RemoveRule s) {
      rules.remove(new RuleKey(s.acl(), s.ruleId()));
    } else if (step instanceof EditStep.ApplyFilter s) {
      filters.add(Filter.tenant(s.port(), s.acl()));
    } else if (step instanceof EditStep.RemoveFilter s) {
      filters.remove(Filter.tenant(s.port(), s.acl()));
    } else if (step instanceof EditStep.RemoveExtraFilter s) {
      PortExtra.PacketFilter f = s.filter();
      filters.remove(new Filter(s.port(), f.acl(), f.direction(), f.family()));
    } else if (step instanceof EditStep.RemoveQos s) {
      qos.remove(new QosLine(s.port(), s.line()));
    } else if (step instanceof EditStep.SetLossless s) {
      PortLossless now = lossless.getOrDefault(s.port(), PortLossless.NONE);
      require(now.equals(s.from()), "lossless on " + s.port() + " is " + now + ", not " + s.from());
      if (s.to().isEmpty()) {
        lossless.remove(s.port());
      } else {
        lossless.put(s.port(), s.to());
      }
    } else {
      throw new IllegalArgumentException("no model for " + step);
    }
  }

  /**
   * What breaks isolation or a reference now: a port in two tenants' VSIs, a port in a VSI without
   * its tenant's ACL inbound, a port in no VSI that is not shut, and any dangling reference.
   */
  List<String> violations() {
    List<String> out = new ArrayList<>();
    for (PortName p : adminUp.keySet()) {
      Set<String> tenants = new HashSet<>();
      for (Map.Entry<Srv, String> ac : acs.entrySet()) {
        if (ac.getKey().port().equals(p)) {
          tenants.add(VsiConfig.tenantOf(ac.getValue()));
        }
      }
      if (tenants.size() > 1) {
        out.add(p.value() + " is in the VSIs of tenants " + tenants);
      }
      for (String t : tenants) {
        if (!filters.contains(Filter.tenant(p, tenantAcl(t)))) {
          out.add(p.value() + " is in t-" + t + " without " + tenantAcl(t) + " inbound");
        }
      }
      if (tenants.isEmpty() && adminUp.get(p)) {
        out.add(p.value() + " is in no VSI and not shut down");
      }
    }
    for (Map.Entry<Srv, String> ac : acs.entrySet()) {
      if (!vsis.contains(ac.getValue())) {
        out.add("AC " + ac.getKey() + " names missing VSI " + ac.getValue());
      }
      if (!services.containsKey(ac.getKey())) {
        out.add("AC " + ac.getKey() + " has no service instance");
      }
    }
    for (Filter f : filters) {
      // only an IPv4 filter names an ACL the model holds; others name ACLs of their own family
      if (f.family() == PortExtra.PacketFilter.Family.IPV4 && !acls.contains(f.acl())) {
        out.add("packet-filter on " + f.port().value() + " names missing ACL " + f.acl());
      }
    }
    for (Map.Entry<Vni, String> x : vxlans.entrySet()) {
      if (!vsis.contains(x.getValue())) {
        out.add("VNI " + x.getKey().value() + " maps missing VSI " + x.getValue());
      }
    }
    for (RuleKey r : rules.keySet()) {
      if (!acls.contains(r.acl())) {
        out.add("rule " + r.id() + " is in missing ACL " + r.acl());
      }
    }
    return out;
  }

  /** A tenant's inbound ACL, named as the intent compiler names it. */
  static String tenantAcl(String tenant) {
    return "t-" + tenant + "-in";
  }

  private static void require(boolean condition, String refusal) {
    if (!condition) {
      throw new IllegalStateException(Objects.requireNonNull(refusal));
    }
  }
}
