package io.tenantfabric.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code soak} reads at the end of a minute: the allocations that minute finished and their
 * latency, the controller's heap after a full GC, its live threads, NETCONF sessions open (every
 * pool) and pooled database connections (Hikari, every pool) from its metrics, every connection to
 * the database ({@code pg_stat_activity}, the leadership and notification sessions included), and
 * the rows of each {@link SoakTable} with, for a bounded one, the age of its oldest row.
 */
record SoakSample(
    int minute,
    int allocations,
    double p50Ms,
    double p99Ms,
    double heapMib,
    double threads,
    double sessions,
    double pooled,
    double connections,
    List<Long> rows,
    List<Double> oldestSeconds) {

  /**
   * Reads the sample; {@code minute} is the latency of the minute just over (the caller has cut it,
   * so the full GC here falls in the next minute, as it does in every minute).
   */
  static SoakSample take(
      Product product,
      BenchEnvironment env,
      List<SoakTable> tables,
      int minute,
      Latencies latencies)
      throws Exception {
    double heap = product.controllerHeapAfterGcMib();
    Prometheus metrics = Prometheus.scrape(product.api());
    StringBuilder sql =
        new StringBuilder(
            "SELECT (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                + " AND pid <> pg_backend_pid())");
    for (SoakTable t : tables) {
      sql.append(", (SELECT count(*) FROM ").append(t.table()).append(')');
      if (t.bounded()) {
        sql.append(", (SELECT coalesce(extract(epoch FROM now() - min(")
            .append(t.ageColumn())
            .append(")), 0) FROM ")
            .append(t.table())
            .append(')');
      }
    }
    String[] columns = Database.query(env, sql.toString()).split("\\|");
    int c = 0;
    double connections = Double.parseDouble(columns[c++]);
    List<Long> rows = new ArrayList<>();
    List<Double> oldest = new ArrayList<>();
    for (SoakTable t : tables) {
      rows.add(Long.parseLong(columns[c++]));
      oldest.add(t.bounded() ? Double.parseDouble(columns[c++]) : Double.NaN);
    }
    return new SoakSample(
        minute,
        latencies.count(),
        latencies.ms(0.5),
        latencies.ms(0.99),
        heap,
        metrics.sum("jvm_threads_live_threads"),
        metrics.sum("fabric_netconf_sessions_open"),
        metrics.sum("hikaricp_connections"),
        connections,
        List.copyOf(rows),
        List.copyOf(oldest));
  }

  /** One line of the scenario's notes, so that a reader sees the trend minute by minute. */
  String line(List<SoakTable> tables, String label) {
    StringBuilder b =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%s: %d allocations, p50 %.1f / p99 %.1f ms; heap after GC %.1f MiB, %.0f threads,"
                    + " %.0f NETCONF sessions, %.0f pooled / %.0f database connections; rows:",
                label,
                allocations,
                p50Ms,
                p99Ms,
                heapMib,
                threads,
                sessions,
                pooled,
                connections));
    for (int i = 0; i < tables.size(); i++) {
      b.append(i == 0 ? " " : ", ").append(tables.get(i).label()).append(' ').append(rows.get(i));
      if (tables.get(i).bounded()) {
        b.append(String.format(Locale.ROOT, " (oldest %.0f s)", oldestSeconds.get(i)));
      }
    }
    return b.toString();
  }
}
