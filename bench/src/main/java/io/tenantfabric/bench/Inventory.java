package io.tenantfabric.bench;

import io.tenantfabric.southbound.session.DeviceEndpoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The emulator's inventory file as the devices of {@code PUT /api/v1/fabric}, or as the southbound
 * client's endpoints (host key pinned as the controller pins it).
 */
final class Inventory {
  private Inventory() {}

  static List<Map<String, Object>> devices(Path inventory, String password) throws Exception {
    JsonNode inv = Api.JSON.readTree(Files.readString(inventory));
    List<Map<String, Object>> devices = new ArrayList<>();
    for (JsonNode d : inv.get("devices")) {
      Map<String, Object> m = new LinkedHashMap<>();
      d.properties()
          .forEach(e -> m.put(e.getKey(), Api.JSON.treeToValue(e.getValue(), Object.class)));
      m.put("password", password);
      devices.add(m);
    }
    return devices;
  }

  /** Every switch of the inventory as a NETCONF endpoint, by name. */
  static Map<String, DeviceEndpoint> endpoints(Path inventory, String password) throws Exception {
    JsonNode inv = Api.JSON.readTree(Files.readString(inventory));
    Map<String, DeviceEndpoint> endpoints = new LinkedHashMap<>();
    for (JsonNode d : inv.get("devices")) {
      String name = d.get("name").asString();
      endpoints.put(
          name,
          new DeviceEndpoint(
              name,
              d.get("host").asString(),
              d.get("port").asInt(),
              d.get("username").asString(),
              password,
              d.get("hostKeySha256").asString()));
    }
    return endpoints;
  }

  /** The switch names of the inventory, in its order. */
  static List<String> names(Path inventory) throws Exception {
    List<String> names = new ArrayList<>();
    for (JsonNode d : Api.JSON.readTree(Files.readString(inventory)).get("devices")) {
      names.add(d.get("name").asString());
    }
    return names;
  }
}
