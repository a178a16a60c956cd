package io.tenantfabric.controller.web;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Request parameters from the query string only ({@code a=1&b=2}, UTF-8, {@code +} as space), in
 * order; a pair that does not decode is dropped, as the servlet container does.
 */
final class QueryStrings {

  private QueryStrings() {}

  static Map<String, String[]> parse(String query) {
    if (query == null || query.isEmpty()) {
      return Collections.emptyMap();
    }
    Map<String, List<String>> values = new LinkedHashMap<>();
    for (String pair : query.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      try {
        String name = decode(eq < 0 ? pair : pair.substring(0, eq));
        String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
        values.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
      } catch (IllegalArgumentException malformed) {
        // a broken %-escape: skip this pair only
      }
    }
    Map<String, String[]> result = new LinkedHashMap<>();
    values.forEach((k, v) -> result.put(k, v.toArray(String[]::new)));
    return Collections.unmodifiableMap(result);
  }

  private static String decode(String s) {
    return URLDecoder.decode(s, StandardCharsets.UTF_8);
  }
}
