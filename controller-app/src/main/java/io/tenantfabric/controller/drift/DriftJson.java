package io.tenantfabric.controller.drift;

import io.tenantfabric.model.drift.DriftItem;
import io.tenantfabric.southbound.comware.ComwareDrift;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Drift items to and from the JSON stored in {@code switches.last_drift} and run results. */
public final class DriftJson {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private DriftJson() {}

  /**
   * The items as a JSON array of {kind, object, tenant, expected, observed}, each side as its line
   * in the switch's terms ({@link ComwareDrift}).
   */
  public static ArrayNode write(List<DriftItem> items) {
    ArrayNode a = JSON.createArrayNode();
    for (DriftItem i : items) {
      ObjectNode o = a.addObject();
      o.put("kind", i.kind().name());
      o.put("object", i.object());
      o.put("tenant", i.tenant());
      o.put("expected", ComwareDrift.line(i.expected()));
      o.put("observed", ComwareDrift.line(i.observed()));
    }
    return a;
  }

  /** The items of a JSON array written by {@link #write}; an empty list for null. */
  public static List<DriftItemView> read(JsonNode array) {
    List<DriftItemView> items = new ArrayList<>();
    if (array == null || !array.isArray()) {
      return items;
    }
    for (JsonNode o : array) {
      items.add(
          new DriftItemView(
              text(o, "kind"),
              text(o, "object"),
              text(o, "tenant"),
              text(o, "expected"),
              text(o, "observed")));
    }
    return items;
  }

  /** The stored last drift of a switch, or null when none was ever found. */
  public static LastDrift lastDrift(Instant at, String json) {
    return at == null || json == null ? null : new LastDrift(at, read(JSON.readTree(json)));
  }

  /** Parses stored JSON. */
  public static JsonNode parse(String json) {
    return JSON.readTree(json);
  }

  private static String text(JsonNode o, String field) {
    JsonNode v = o.get(field);
    return v == null || v.isNull() ? null : v.asString();
  }
}
