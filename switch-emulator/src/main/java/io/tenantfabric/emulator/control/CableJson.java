package io.tenantfabric.emulator.control;

import io.tenantfabric.emulator.CableChange;
import io.tenantfabric.emulator.CableEnd;
import io.tenantfabric.emulator.cabling.CablePlant;
import io.tenantfabric.emulator.cabling.Server;
import io.tenantfabric.model.topology.PortName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON of cables: a change request ({@code {"port", "peer"}}, or {@code {"cables": [...]}}
 * applied in order), a switch's ports with their far end and planned far end, a server's NICs. A
 * far end is {@code {"device", "port"}}, {@code {"server", "nic"}} or null.
 */
final class CableJson {
  private CableJson() {}

  /** The changes a request body asks of switch {@code device}; 400 naming a malformed field. */
  static List<CableChange> changes(String device, JsonNode body) throws ApiError {
    List<CableChange> out = new ArrayList<>();
    if (body.has("cables")) {
      JsonFields.rejectUnknown(body, "", "cables");
      JsonNode list = body.get("cables");
      if (!list.isArray() || list.isEmpty()) {
        throw new ApiError(400, "field 'cables' must be a non-empty array of {port, peer}");
      }
      for (int i = 0; i < list.size(); i++) {
        out.add(change(device, list.get(i), "cables[" + i + "]."));
      }
      return out;
    }
    out.add(change(device, body, ""));
    return out;
  }

  private static CableChange change(String device, JsonNode c, String prefix) throws ApiError {
    if (!c.isObject()) {
      throw new ApiError(400, "field '" + prefix.replaceAll("\\.$", "") + "' must be {port, peer}");
    }
    JsonFields.rejectUnknown(c, prefix, "port", "peer");
    String port = JsonFields.string(c, prefix, "port");
    if (!c.has("peer")) {
      throw new ApiError(
          400, "field '" + prefix + "peer' is required: {device, port}, {server, nic} or null");
    }
    return new CableChange(device, port, end(c.get("peer"), prefix + "peer."));
  }

  private static CableEnd end(JsonNode peer, String prefix) throws ApiError {
    if (peer.isNull()) {
      return null;
    }
    String field = prefix.substring(0, prefix.length() - 1);
    if (peer.isObject() && peer.has("device")) {
      JsonFields.rejectUnknown(peer, prefix, "device", "port");
      return CableEnd.port(
          JsonFields.string(peer, prefix, "device"), JsonFields.string(peer, prefix, "port"));
    }
    if (peer.isObject() && peer.has("server")) {
      JsonFields.rejectUnknown(peer, prefix, "server", "nic");
      return CableEnd.nic(
          JsonFields.string(peer, prefix, "server"), JsonFields.string(peer, prefix, "nic"));
    }
    throw new ApiError(400, "field '" + field + "' must be {device, port}, {server, nic} or null");
  }

  /**
   * {@code {"device", "cables": [{"port", "peer", "planned"}]}}: every port of the switch's layout
   * and any other port that holds or is planned a cable, in port order.
   */
  static ObjectNode cablesOf(
      ObjectMapper json, String device, List<String> layoutPorts, CablePlant plant) {
    Map<String, ?> cabled = plant.cablesOf(device);
    Map<String, CableEnd> planned = plant.plannedOf(device);
    TreeSet<PortName> ports = new TreeSet<>();
    for (String p : layoutPorts) {
      ports.add(new PortName(p));
    }
    for (String p : cabled.keySet()) {
      ports.add(new PortName(p));
    }
    for (String p : planned.keySet()) {
      ports.add(new PortName(p));
    }
    ObjectNode root = json.createObjectNode();
    root.put("device", device);
    ArrayNode list = root.putArray("cables");
    for (PortName p : ports) {
      CableEnd here = CableEnd.port(device, p.value());
      ObjectNode n = list.addObject();
      n.put("port", p.value());
      n.set("peer", end(json, plant.cableAt(here).map(c -> c.far(here)).orElse(null)));
      n.set("planned", end(json, planned.get(p.value())));
    }
    return root;
  }

  /** {@code {"name", "lldp", "nics": [{"nic", "peer", "planned"}]}}. */
  static ObjectNode server(ObjectMapper json, Server s, CablePlant plant) {
    ObjectNode root = json.createObjectNode();
    root.put("name", s.name());
    root.put("lldp", s.lldp());
    ArrayNode nics = root.putArray("nics");
    for (String nic : s.nics()) {
      CableEnd here = CableEnd.nic(s.name(), nic);
      ObjectNode n = nics.addObject();
      n.put("nic", nic);
      n.set("peer", end(json, plant.cableAt(here).map(c -> c.far(here)).orElse(null)));
      n.set("planned", end(json, plant.planned(here).orElse(null)));
    }
    return root;
  }

  private static JsonNode end(ObjectMapper json, CableEnd e) {
    if (e == null) {
      return json.nullNode();
    }
    ObjectNode n = json.createObjectNode();
    if (e instanceof CableEnd.SwitchPort p) {
      n.put("device", p.device());
      n.put("port", p.port());
    } else if (e instanceof CableEnd.ServerNic nic) {
      n.put("server", nic.server());
      n.put("nic", nic.nic());
    }
    return n;
  }
}
