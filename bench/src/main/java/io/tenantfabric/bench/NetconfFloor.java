package io.tenantfabric.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code netconf-floor}: the floor the end-to-end figures are compared with ({@link Floor}): a
 * trivial RPC's round trip on the controller's kind of session to the emulated 1,024-GPU fabric, on
 * one session and on the 8 leaves of one server at once, and the number of sequential round trips
 * one switch's change needs.
 */
final class NetconfFloor implements Scenario {

  @Override
  public String name() {
    return "netconf-floor";
  }

  @Override
  public String description() {
    return "the round trips of a one-GPU change run with trivial RPCs, h3c-s9825-1024, d = 0";
  }

  @Override
  public List<String> fixtures() {
    return List.of(Fixtures.FABRIC_1024);
  }

  @Override
  public ScenarioResult run(BenchEnvironment env, Fixtures fixtures) throws Exception {
    Floor f = fixtures.floor();
    int n = f.parallelSessions();
    List<Figure> figures = new ArrayList<>();
    figures.add(Figure.context("trivial RPC, one session, p50", f.oneSession().ms(0.5), "ms"));
    figures.add(Figure.context("trivial RPC, one session, p99", f.oneSession().ms(0.99), "ms"));
    figures.add(
        Figure.context("trivial RPC, " + n + " leaves at once, p50", f.parallel().ms(0.5), "ms"));
    figures.add(
        Figure.context("trivial RPC, " + n + " leaves at once, p99", f.parallel().ms(0.99), "ms"));
    figures.add(Figure.context("RPCs of a one-GPU change", f.rpcsPerChange(), "RPCs"));
    figures.add(Figure.context("round trips of a one-GPU change", f.roundTrips(), "trips"));
    figures.add(Figure.context("floor: one-leaf change", f.oneLeafMs(), "ms"));
    figures.add(Figure.context("floor: change on " + n + " leaves at once", f.parallelMs(), "ms"));
    double oneGpu = f.oneGpuNanos() / 1e6;
    figures.add(Figure.context("one-GPU allocation to ACTIVE (one sample)", oneGpu, "ms"));
    figures.add(Figure.context("one-GPU allocation / one-leaf floor", oneGpu / f.oneLeafMs(), "x"));
    List<String> notes = new ArrayList<>();
    notes.add(
        String.format(
            Locale.ROOT,
            "RPCs = %d fixed (a transaction with nothing to change, counted: %s) + %d edit RPCs"
                + " (edits of the controller's device.apply event for a one-GPU allocation);"
                + " round trips %s, the edits riding with the read-back: RPCs per trip %s",
            f.fixed().total(),
            f.fixed().rpcs(),
            f.editRpcs(),
            f.fixed().trips(),
            Floor.chain(f.fixed(), f.editRpcs())));
    notes.add(
        String.format(
            Locale.ROOT,
            "trivial RPC = get of one interface by name; %d sequential on one session, %d leaves x"
                + " 500 at once; floor = that chain of trivial RPCs (each trip's sent at once), p50"
                + " of %d on one session and of %d x %d on %d leaves at once; the empty"
                + " transaction took %.2f ms (ms per operation: %s)",
            f.oneSession().count(),
            n,
            f.oneChain().count(),
            n,
            f.parallelChain().count() / n,
            n,
            f.fixed().nanos() / 1e6,
            f.fixed().millis()));
    return new ScenarioResult(name(), description(), figures, notes);
  }
}
