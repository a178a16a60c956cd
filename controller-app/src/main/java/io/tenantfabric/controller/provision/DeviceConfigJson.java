package io.tenantfabric.controller.provision;

import io.tenantfabric.model.device.AclAction;
import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortOrder;
import io.tenantfabric.model.device.ServiceBinding;
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
 * switch's last verified config in {@code switch_configs}.
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
              acl == null ? Optional.empty() : Optional.of(acl.asString())));
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

  private static Optional<Ipv4Prefix> prefix(JsonNode n) {
    return n == null ? Optional.empty() : Optional.of(Ipv4Prefix.parse(n.asString()));
  }
}
