package io.tenantfabric.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** The emulator's inventory file as the devices of {@code PUT /api/v1/fabric}. */
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
}
