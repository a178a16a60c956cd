package io.tenantfabric.controller.provision;

import io.tenantfabric.model.lifecycle.Day0Gap;
import io.tenantfabric.model.lifecycle.Day0Item;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Day-0 gaps as the switch row keeps them ({@code day0_gaps}): {@code [{item, detail}]}. */
public final class Day0Json {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private Day0Json() {}

  /** {@code gaps} as stored. */
  static String write(List<Day0Gap> gaps) {
    return JSON.writeValueAsString(maps(gaps));
  }

  /** {@code gaps} as {@code {item, detail}} maps, in their order. */
  static List<Map<String, String>> maps(List<Day0Gap> gaps) {
    List<Map<String, String>> out = new ArrayList<>();
    for (Day0Gap g : gaps) {
      Map<String, String> m = new LinkedHashMap<>();
      m.put("item", g.item().name());
      m.put("detail", g.detail());
      out.add(m);
    }
    return out;
  }

  /** The stored gaps; empty for null or {@code []}. */
  public static List<Day0Gap> read(String json) {
    List<Day0Gap> gaps = new ArrayList<>();
    if (json == null) {
      return gaps;
    }
    for (JsonNode n : JSON.readTree(json)) {
      gaps.add(new Day0Gap(Day0Item.valueOf(n.get("item").asString()), n.get("detail").asString()));
    }
    return gaps;
  }
}
