package io.tenantfabric.controller.provision;

import io.tenantfabric.model.device.AclAction;
import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.PortOrder;
import io.tenantfabric.model.device.ServiceBinding;
import io.tenantfabric.model.device.ServiceEncapsulation;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A {@link DeviceConfig} as JSON and back, field by field (no reflection over the core's records,
 * so that renaming a core field cannot silently change what is stored): how the provisioner keeps a
 * switch's last verified config in {@code switch_configs}, and how a config read from a switch is
 * shown, with the extras found on its ports (a port without extras has no {@code extras} field, and
 * a verified config has none).
 */
public final class DeviceConfigJson {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private DeviceConfigJson() {}

  /** The config as compact JSON. */
  public static String write(DeviceConfig c) {
    ObjectNode root = JSON.createObjectNode();
    root.put("device", c.device().value());
    root.put("role", c.role().name());
    LosslessBaseline l = c.lossless();
    ObjectNode lossless = root.putObject("lossless");
    lossless.put("rocePriority", l.rocePriority());
    lossless.put("pfc", l.pfcEnabled());
    lossless.put("ecn", l.ecnEnabled());
    lossless.put("trustDscp", l.trustDscp());
    lossless.put("trustTunnelDot1p", l.trustTunnelDot1p());
    lossless.put("deadlockDetection", l.deadlockDetection());
    ArrayNode lports = lossless.putArray("ports");
    l.ports().forEach(p -> lports.add(p.value()));
    ArrayNode vsis = root.putArray("vsis");
    for (VsiConfig v : c.vsis().values()) {
      vsis.addObject().put("name", v.name()).put("vni", v.vni().value()).put("tenant", v.tenant());
    }
    ArrayNode ports = root.putArray("ports");
    for (PortConfig p : c.ports().values()) {
      ObjectNode o = ports.addObject();
      o.put("port", p.port().value());
      o.put("adminUp", p.adminUp());
      o.put("description", p.description());
      p.binding()
          .ifPresent(b -> o.putObject("binding").put("srvId", b.srvId()).put("vsi", b.vsiName()));
      p.inboundAcl().ifPresent(a -> o.put("inboundAcl", a));
      if (!p.extras().isEmpty()) {
        ArrayNode extras = o.putArray("extras");
        p.extras().forEach(e -> extra(extras.addObject(), e));
      }
    }
    ArrayNode acls = root.putArray("acls");
    for (AclConfig a : c.acls().values()) {
      ObjectNode o = acls.addObject();
      o.put("name", a.name());
      ArrayNode rules = o.putArray("rules");
      for (AclRule r : a.rules()) {
        ObjectNode ro = rules.addObject();
        ro.put("id", r.id());
        ro.put("action", r.action().name());
        r.source().ifPresent(s -> ro.put("source", s.toString()));
        r.destination().ifPresent(d -> ro.put("destination", d.toString()));
        ro.put("counting", r.counting());
        ro.put("comment", r.comment());
      }
    }
    return JSON.writeValueAsString(root);
  }

  /** The config written by {@link #write}. */
  public static DeviceConfig read(String json) {
    JsonNode root = JSON.readTree(json);
    JsonNode l = root.get("lossless");
    TreeSet<PortName> lports = new TreeSet<>(PortOrder.NATURAL);
    l.get("ports").forEach(p -> lports.add(new PortName(p.asString())));
    LosslessBaseline lossless =
        new LosslessBaseline(
            l.get("rocePriority").asInt(),
            l.get("pfc").asBoolean(),
            l.get("ecn").asBoolean(),
            l.get("trustDscp").asBoolean(),
            l.get("trustTunnelDot1p").asBoolean(),
            l.get("deadlockDetection").asBoolean(),
            lports);
    SortedMap<String, VsiConfig> vsis = new TreeMap<>();
    for (JsonNode v : root.get("vsis")) {
      VsiConfig vsi =
          new VsiConfig(
              v.get("name").asString(), new Vni(v.get("vni").asInt()), v.get("tenant").asString());
      vsis.put(vsi.name(), vsi);
    }
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(PortOrder.NATURAL);
    for (JsonNode p : root.get("ports")) {
      PortName name = new PortName(p.get("port").asString());
      JsonNode b = p.get("binding");
      JsonNode acl = p.get("inboundAcl");
      List<PortExtra> extras = new ArrayList<>();
      if (p.get("extras") != null) {
        p.get("extras").forEach(e -> extras.add(extra(e)));
      }
      ports.put(
          name,
          new PortConfig(
              name,
              p.get("adminUp").asBoolean(),
              p.get("description").asString(),
              b == null
                  ? Optional.empty()
                  : Optional.of(
                      new ServiceBinding(b.get("srvId").asInt(), b.get("vsi").asString())),
              acl == null ? Optional.empty() : Optional.of(acl.asString()),
              extras));
    }
    SortedMap<String, AclConfig> acls = new TreeMap<>();
    for (JsonNode a : root.get("acls")) {
      List<AclRule> rules = new ArrayList<>();
      for (JsonNode r : a.get("rules")) {
        rules.add(
            new AclRule(
                r.get("id").asInt(),
                AclAction.valueOf(r.get("action").asString()),
                prefix(r.get("source")),
                prefix(r.get("destination")),
                r.get("counting").asBoolean(),
                r.get("comment").asString()));
      }
      AclConfig acl = new AclConfig(a.get("name").asString(), rules);
      acls.put(acl.name(), acl);
    }
    return new DeviceConfig(
        new SwitchName(root.get("device").asString()),
        SwitchRole.valueOf(root.get("role").asString()),
        lossless,
        vsis,
        ports,
        acls);
  }

  /**
   * An extra a switch showed on a port (a read config has them; a verified one never does): {@code
   * {"kind": "service-instance" | "packet-filter" | "qos", ...}}.
   */
  private static void extra(ObjectNode o, PortExtra e) {
    if (e instanceof PortExtra.Service s) {
      ServiceEncapsulation m = s.encapsulation();
      o.put("kind", "service-instance").put("srvId", s.srvId()).put("match", m.kind().name());
      putIfAny(o, "serviceVlans", m.serviceVlans());
      putIfAny(o, "customerVlans", m.customerVlans());
      putIfAny(o, "unreadable", m.unreadable());
      s.vsi().ifPresent(v -> o.put("vsi", v));
    } else if (e instanceof PortExtra.PacketFilter f) {
      o.put("kind", "packet-filter")
          .put("acl", f.acl())
          .put("direction", f.direction().name())
          .put("family", f.family().name());
    } else if (e instanceof PortExtra.Qos q) {
      o.put("kind", "qos").put("text", q.text());
    }
  }

  private static PortExtra extra(JsonNode e) {
    switch (e.get("kind").asString()) {
      case "service-instance":
        return new PortExtra.Service(
            e.get("srvId").asInt(),
            new ServiceEncapsulation(
                ServiceEncapsulation.Kind.valueOf(e.get("match").asString()),
                text(e, "serviceVlans"),
                text(e, "customerVlans"),
                text(e, "unreadable")),
            e.get("vsi") == null ? Optional.empty() : Optional.of(e.get("vsi").asString()));
      case "packet-filter":
        return new PortExtra.PacketFilter(
            e.get("acl").asString(),
            PortExtra.PacketFilter.Direction.valueOf(e.get("direction").asString()),
            PortExtra.PacketFilter.Family.valueOf(e.get("family").asString()));
      default:
        return new PortExtra.Qos(e.get("text").asString());
    }
  }

  private static void putIfAny(ObjectNode o, String field, String value) {
    if (!value.isEmpty()) {
      o.put(field, value);
    }
  }

  private static String text(JsonNode o, String field) {
    return o.get(field) == null ? "" : o.get(field).asString();
  }

  private static Optional<Ipv4Prefix> prefix(JsonNode n) {
    return n == null ? Optional.empty() : Optional.of(Ipv4Prefix.parse(n.asString()));
  }
}
