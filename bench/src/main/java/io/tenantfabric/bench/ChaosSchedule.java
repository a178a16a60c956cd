package io.tenantfabric.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.SplittableRandom;

/**
 * The faults of one chaos run, drawn from its seed so that a run can be repeated: when each starts,
 * what it hits and how long it lasts. Every kind occurs (the leader's kill, the database's
 * promotion and a leaf's replacement once, the emulator's faults twice each), every fault ends
 * inside the window, and no two faults share a leaf, so that each leaf's trouble is one thing.
 */
record ChaosSchedule(long seed, long windowMillis, List<ChaosSchedule.Fault> faults) {

  enum Kind {
    /** SIGKILL of the instance holding the provisioning lead; restarted at the end. */
    KILL_LEADER,
    /** The primary stopped with {@code -m immediate}, the synchronous standby promoted. */
    PROMOTE_STANDBY,
    /** The leaf's port closed (every session drops); started again, from its saved config. */
    LEAF_STOP,
    /** The leaf's next edits inside a transaction applied, then the session dropped. */
    DROP_SESSION,
    /** Another session holds the leaf's datastore lock. */
    HOLD_LOCK,
    /** Every edit of the leaf refused with the device's own error. */
    REFUSE_EDITS,
    /** Every RPC of the leaf slowed by a further {@link #SPIKE_MILLIS}. */
    DELAY_SPIKE,
    /**
     * The leaf wiped to a factory-fresh unit (new key and serial), given its day-0 and replaced.
     */
    WIPE_REPLACE
  }

  /** The extra per-RPC delay of a {@link Kind#DELAY_SPIKE}. */
  static final int SPIKE_MILLIS = 400;

  /** {@code leaf} null for the faults that hit no switch; {@code count} for DROP_SESSION. */
  record Fault(long atMillis, Kind kind, String leaf, long forMillis, int count) {
    String describe() {
      return String.format(
          Locale.ROOT,
          "t+%5.1f s %-15s %-8s for %4.1f s%s",
          atMillis / 1000.0,
          kind,
          leaf == null ? "" : leaf,
          forMillis / 1000.0,
          kind == Kind.DROP_SESSION ? " (" + count + " sessions)" : "");
    }
  }

  /**
   * Draws the faults of a window of {@code windowMillis} on {@code leaves}: the first and last
   * tenth of the window are quiet (the clients start, then the fabric is left to settle).
   */
  static ChaosSchedule draw(long seed, long windowMillis, List<String> leaves) {
    Random random = random(seed, 0);
    List<String> free = new ArrayList<>(leaves);
    Collections.shuffle(free, random);
    List<Kind> kinds = new ArrayList<>(List.of(Kind.KILL_LEADER, Kind.PROMOTE_STANDBY));
    kinds.add(Kind.WIPE_REPLACE);
    for (Kind k :
        List.of(
            Kind.LEAF_STOP,
            Kind.DROP_SESSION,
            Kind.HOLD_LOCK,
            Kind.REFUSE_EDITS,
            Kind.DELAY_SPIKE)) {
      kinds.add(k);
      kinds.add(k);
    }
    long from = windowMillis / 10;
    long to = windowMillis - windowMillis / 10;
    List<Fault> faults = new ArrayList<>();
    for (Kind k : kinds) {
      long lasts =
          switch (k) {
            case KILL_LEADER -> 15_000 + random.nextInt(15_000);
            case PROMOTE_STANDBY -> 0;
            case WIPE_REPLACE -> 5_000;
            default -> 5_000 + random.nextInt(15_000);
          };
      long at = from + (long) (random.nextDouble() * (to - from - lasts));
      String leaf =
          k == Kind.KILL_LEADER || k == Kind.PROMOTE_STANDBY ? null : free.remove(free.size() - 1);
      int count = k == Kind.DROP_SESSION ? 1 + random.nextInt(3) : 0;
      faults.add(new Fault(at, k, leaf, lasts, count));
    }
    faults.sort(Comparator.comparingLong(Fault::atMillis));
    return new ChaosSchedule(seed, windowMillis, List.copyOf(faults));
  }

  /**
   * A generator for {@code stream} of a run's {@code seed}. {@link Random}'s first draws of nearby
   * seeds are alike (seeds 1 and 2 shuffle a list's last element alike), so the seed is mixed
   * first.
   */
  static Random random(long seed, int stream) {
    return new Random(new SplittableRandom(seed).split().nextLong() + stream * 0x9E3779B97F4A7C15L);
  }

  List<String> describe() {
    List<String> lines = new ArrayList<>();
    lines.add("fault schedule of seed " + seed + ":");
    faults.forEach(f -> lines.add("  " + f.describe()));
    return lines;
  }
}
