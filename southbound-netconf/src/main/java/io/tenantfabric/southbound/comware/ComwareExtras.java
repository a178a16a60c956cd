package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.ServiceEncapsulation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A port's service instances, packet filters and QoS lines as Comware's {@code display
 * current-configuration} shows them inside its {@code interface} block (comware-facts.md section
 * 6): the binding and the extras alike, so that the evidence, the drift and the rendered config
 * show the switch's own lines.
 */
final class ComwareExtras {
  private ComwareExtras() {}

  /**
   * Every service instance of the port, binding and extras, by id: {@code service-instance N},
   * {@code encapsulation ...}, {@code xconnect vsi V}; each followed by {@code quit} when {@code
   * quit} is set (the form the driver sends and renders).
   */
  static List<String> services(PortConfig p, boolean quit) {
    TreeMap<Integer, List<String>> byId = new TreeMap<>();
    p.binding()
        .ifPresent(
            b ->
                byId.put(
                    b.srvId(),
                    service(b.srvId(), ServiceEncapsulation.untagged(), Optional.of(b.vsiName()))));
    for (PortExtra e : p.extras()) {
      if (e instanceof PortExtra.Service s) {
        byId.put(s.srvId(), service(s.srvId(), s.encapsulation(), s.vsi()));
      }
    }
    List<String> out = new ArrayList<>();
    for (List<String> block : byId.values()) {
      out.addAll(block);
      if (quit) {
        out.add("  quit");
      }
    }
    return out;
  }

  /** The port's extra packet filters and QoS lines, one indented line each, in extras' order. */
  static List<String> filtersAndQos(PortConfig p) {
    List<String> out = new ArrayList<>();
    for (PortExtra e : p.extras()) {
      if (e instanceof PortExtra.PacketFilter f) {
        out.add(" " + filter(f));
      } else if (e instanceof PortExtra.Qos q) {
        out.add(" " + q.text());
      }
    }
    return out;
  }

  /**
   * A packet filter's command: {@code packet-filter [ipv6 | mac | user-defined] name ACL
   * inbound|outbound}, a numbered ACL without {@code name}.
   */
  static String filter(PortExtra.PacketFilter f) {
    StringBuilder b = new StringBuilder("packet-filter ");
    if (f.family() != PortExtra.PacketFilter.Family.IPV4) {
      b.append(f.family().name().toLowerCase(Locale.ROOT).replace('_', '-')).append(' ');
    }
    if (!f.acl().chars().allMatch(Character::isDigit)) {
      b.append("name ");
    }
    return b.append(f.acl())
        .append(' ')
        .append(f.direction().name().toLowerCase(Locale.ROOT))
        .toString();
  }

  /** One line for an extra: {@code service-instance 2 encapsulation s-vid 100 xconnect vsi t-a}. */
  static String line(PortExtra e) {
    if (e instanceof PortExtra.Service s) {
      return String.join(
          " ", service(s.srvId(), s.encapsulation(), s.vsi()).stream().map(String::strip).toList());
    } else if (e instanceof PortExtra.PacketFilter f) {
      return filter(f);
    }
    return ((PortExtra.Qos) e).text();
  }

  private static List<String> service(
      int srvId, ServiceEncapsulation encapsulation, Optional<String> vsi) {
    List<String> out = new ArrayList<>();
    out.add(" service-instance " + srvId);
    out.add("  encapsulation " + ComwareEncapsulation.cli(encapsulation));
    vsi.ifPresent(v -> out.add("  xconnect vsi " + v));
    return out;
  }
}
