package io.tenantfabric.southbound.transaction;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.comware.EditStep;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A switch's managed state cut into parts that edit steps write whole ("port P binding", "acl A
 * rule N", "vsi V", "port P extra service-instance 2", ...), so that a difference found by the
 * read-back can be traced either to a step that wrote that part or to none: the latter means the
 * switch did not run what the plan assumed.
 */
final class Aspects {
  private Aspects() {}

  /** True when a part of {@code found} that no step wrote differs from {@code target}. */
  static boolean differOutside(List<EditStep> steps, DeviceConfig target, DeviceConfig found) {
    Set<String> written = writtenBy(steps);
    for (String aspect : differing(target, found)) {
      if (!written.contains(aspect)) {
        return true;
      }
    }
    return false;
  }

  /** The parts in which {@code a} and {@code b} differ. */
  static Set<String> differing(DeviceConfig a, DeviceConfig b) {
    Map<String, Object> x = of(a);
    Map<String, Object> y = of(b);
    Set<String> keys = new HashSet<>(x.keySet());
    keys.addAll(y.keySet());
    keys.removeIf(k -> Objects.equals(x.get(k), y.get(k)));
    return keys;
  }

  /** Every part of {@code c} with its value; an absent part has no key. */
  static Map<String, Object> of(DeviceConfig c) {
    Map<String, Object> m = new HashMap<>();
    for (VsiConfig v : c.vsis().values()) {
      m.put(vsi(v.name()), v.vni());
    }
    for (PortConfig p : c.ports().values()) {
      m.put(portState(p.port()), List.of(p.adminUp(), p.description()));
      m.put(binding(p.port()), p.binding());
      m.put(filter(p.port()), p.inboundAcl());
      for (PortExtra e : p.extras()) {
        m.put(extra(p.port(), e.key()), e);
      }
    }
    for (AclConfig a : c.acls().values()) {
      m.put(acl(a.name()), Boolean.TRUE);
      for (AclRule r : a.rules()) {
        m.put(rule(a.name(), r.id()), r);
      }
    }
    PortLossless settings = PortLossless.of(c.lossless());
    for (PortName p : c.losslessPorts()) {
      m.put(lossless(p), settings);
    }
    return m;
  }

  /** The parts the steps write. */
  static Set<String> writtenBy(List<EditStep> steps) {
    Set<String> out = new HashSet<>();
    for (EditStep s : steps) {
      out.add(writtenBy(s));
      // a service instance removed or detached may have been an extra, a filter applied one too
      String extra = extraWrittenBy(s);
      if (extra != null) {
        out.add(extra);
      }
    }
    return out;
  }

  /** The extra a step also writes, if it may write one; null otherwise. */
  private static String extraWrittenBy(EditStep step) {
    if (step instanceof EditStep.RemoveService s) {
      return extra(s.port(), "service-instance " + s.srvId());
    } else if (step instanceof EditStep.Detach s) {
      return extra(s.port(), "service-instance " + s.srvId());
    } else if (step instanceof EditStep.CreateService s) {
      return extra(s.port(), "service-instance " + s.srvId());
    } else if (step instanceof EditStep.Attach s) {
      return extra(s.port(), "service-instance " + s.srvId());
    }
    return null;
  }

  private static String writtenBy(EditStep step) {
    if (step instanceof EditStep.SetPortState s) {
      return portState(s.port());
    } else if (step instanceof EditStep.CreateService s) {
      return binding(s.port());
    } else if (step instanceof EditStep.RemoveService s) {
      return binding(s.port());
    } else if (step instanceof EditStep.Attach s) {
      return binding(s.port());
    } else if (step instanceof EditStep.Detach s) {
      return binding(s.port());
    } else if (step instanceof EditStep.RemoveExtraFilter s) {
      return extra(s.port(), s.filter().key());
    } else if (step instanceof EditStep.RemoveQos s) {
      return extra(s.port(), s.line());
    } else if (step instanceof EditStep.ApplyFilter s) {
      return filter(s.port());
    } else if (step instanceof EditStep.RemoveFilter s) {
      return filter(s.port());
    } else if (step instanceof EditStep.CreateVsi s) {
      return vsi(s.vsi());
    } else if (step instanceof EditStep.DeleteVsi s) {
      return vsi(s.vsi());
    } else if (step instanceof EditStep.MapVxlan s) {
      return vsi(s.vsi());
    } else if (step instanceof EditStep.UnmapVxlan s) {
      return vsi(s.vsi());
    } else if (step instanceof EditStep.CreateAcl s) {
      return acl(s.acl());
    } else if (step instanceof EditStep.DeleteAcl s) {
      return acl(s.acl());
    } else if (step instanceof EditStep.AddRule s) {
      return rule(s.acl(), s.rule().id());
    } else if (step instanceof EditStep.RemoveRule s) {
      return rule(s.acl(), s.ruleId());
    } else if (step instanceof EditStep.SetLossless s) {
      return lossless(s.port());
    }
    throw new IllegalArgumentException("no aspect for " + step);
  }

  private static String vsi(String name) {
    return "vsi " + name;
  }

  private static String portState(PortName p) {
    return "port " + p.value() + " state";
  }

  private static String binding(PortName p) {
    return "port " + p.value() + " binding";
  }

  private static String filter(PortName p) {
    return "port " + p.value() + " filter";
  }

  private static String extra(PortName p, String key) {
    return "port " + p.value() + " extra " + key;
  }

  private static String acl(String name) {
    return "acl " + name;
  }

  private static String rule(String acl, int id) {
    return "acl " + acl + " rule " + id;
  }

  private static String lossless(PortName p) {
    return "lossless " + p.value();
  }
}
