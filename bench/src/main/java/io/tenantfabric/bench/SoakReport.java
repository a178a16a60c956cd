package io.tenantfabric.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code soak}'s figures from its samples: each resource the controller holds (heap after GC,
 * threads, NETCONF sessions, pooled and total database connections) as last minute / first minute,
 * flat within 10 %; the allocation p99 of the last minute against the first's, within 25 %; each
 * retention-bound table's oldest row at the end against its bound ({@link
 * SoakTable#oldestAllowedSeconds()}), with its rows for context; the tables that grow by design as
 * rows per minute; and the churn itself. The notes carry one line per minute.
 */
record SoakReport(
    List<SoakTable> tables, SoakSample warm, List<SoakSample> samples, Latencies all) {

  static final double FLAT = 1.10;
  static final double P99_FLAT = 1.25;

  ScenarioResult result(String name, String description) {
    SoakSample first = samples.get(0);
    SoakSample last = samples.get(samples.size() - 1);
    List<Figure> figures = new ArrayList<>();
    figures.add(flat("controller heap after GC", last.heapMib(), first.heapMib(), FLAT));
    figures.add(flat("live threads", last.threads(), first.threads(), FLAT));
    figures.add(flat("NETCONF sessions open", last.sessions(), first.sessions(), FLAT));
    // Hikari's pool, then every connection to the database (pg_stat_activity), the pool's included
    figures.add(flat("pooled DB connections", last.pooled(), first.pooled(), FLAT));
    figures.add(flat("all DB connections", last.connections(), first.connections(), FLAT));
    figures.add(flat("allocation p99", last.p99Ms(), first.p99Ms(), P99_FLAT));
    int measured = samples.size();
    for (int i = 0; i < tables.size(); i++) {
      SoakTable t = tables.get(i);
      if (t.bounded()) {
        figures.add(
            Figure.atMost(
                t.label() + ": oldest row at the end",
                last.oldestSeconds().get(i),
                "s",
                t.oldestAllowedSeconds()));
        figures.add(Figure.context(t.label() + ": rows at the end", last.rows().get(i), ""));
      } else {
        double perMinute = (last.rows().get(i) - warm.rows().get(i)) / (double) measured;
        figures.add(Figure.context(t.label() + ": rows per minute", perMinute, "/min"));
      }
    }
    figures.add(Figure.context("allocations done (measured minutes)", all.count(), ""));
    figures.add(Figure.context("allocations per second", all.count() / (measured * 60.0), "/s"));
    figures.add(Figure.context("allocation to ACTIVE, p50", all.ms(0.5), "ms"));
    figures.add(Figure.context("allocation to ACTIVE, p99", all.ms(0.99), "ms"));
    return new ScenarioResult(name, description, figures, notes());
  }

  /** {@code last / first} held to {@code bound}; equal values (both zero too) are flat. */
  private static Figure flat(String name, double last, double first, double bound) {
    double ratio = last == first ? 1.0 : last / first;
    return Figure.atMost(name + ", last / first minute", ratio, "x", bound);
  }

  private List<String> notes() {
    List<String> notes = new ArrayList<>();
    notes.add(
        String.format(
            Locale.ROOT,
            "%d measured minutes after one unmeasured warm-up minute (a young controller's JIT);"
                + " %d clients, %d tenants each, allocating 1 then 8 GPUs and releasing, ?wait= and"
                + " an Idempotency-Key on every request; d = %d ms on every switch; controller %s",
            samples.size(),
            Soak.CLIENTS,
            Soak.TENANTS_EACH,
            Soak.DELAY_MS,
            String.join(" ", Soak.controllerArgs())));
    notes.add(
        "bounded: no row older than retention + the interval of its deletion + "
            + SoakTable.SLACK.toSeconds()
            + " s at the end (reconcile runs are pruned at each scheduled run, isolation audits"
            + " when an audit finishes, idempotency records and events by their sweeps); heap is"
            + " after a forced full GC (jcmd GC.run), one at the start of every minute");
    notes.add(warm.line(tables, "minute 0 (warm-up, not measured)"));
    for (SoakSample s : samples) {
      notes.add(s.line(tables, "minute " + s.minute()));
    }
    return notes;
  }
}
