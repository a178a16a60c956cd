package io.tenantfabric.bench;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The controller's metrics as {@code GET /actuator/prometheus} gives them (docs/operations.md),
 * each metric summed over its series: a gauge per pool reads as the whole process's.
 */
final class Prometheus {
  private final Map<String, Double> sums;

  private Prometheus(Map<String, Double> sums) {
    this.sums = sums;
  }

  static Prometheus scrape(Api api) throws IOException {
    Api.Response r = api.get("/actuator/prometheus");
    if (r.status() != 200) {
      throw new IOException("GET /actuator/prometheus -> " + r);
    }
    return parse(r.body());
  }

  /**
   * The text exposition format: {@code name{labels} value} or {@code name value}, comments after
   * {@code #}. Micrometer writes no timestamps, so the value is a line's last field.
   */
  static Prometheus parse(String text) {
    Map<String, Double> sums = new HashMap<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      int nameEnd = 0;
      while (nameEnd < line.length()
          && line.charAt(nameEnd) != '{'
          && line.charAt(nameEnd) != ' ') {
        nameEnd++;
      }
      double value = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      sums.merge(line.substring(0, nameEnd), value, Double::sum);
    }
    return new Prometheus(sums);
  }

  /** The sum of every series of {@code metric}; an error when the controller exports none. */
  double sum(String metric) throws IOException {
    Double v = sums.get(metric);
    if (v == null) {
      throw new IOException("no metric " + metric + " in /actuator/prometheus");
    }
    return v;
  }
}
