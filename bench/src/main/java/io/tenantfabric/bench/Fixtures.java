package io.tenantfabric.bench;

import io.tenantfabric.model.topology.FabricPresets;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Products several scenarios of one run share, started on first use and stopped after the last
 * scenario that declared them ({@link Scenario#fixtures()}) is done with them: the empty 1,024-GPU
 * fabric with its NETCONF floor, and the 2,048- and 10,240-GPU fabrics (leaves only) brought up to
 * one one-GPU tenant per GPU. A scenario run alone starts what it needs itself, so every figure has
 * one meaning whatever else ran.
 */
final class Fixtures implements AutoCloseable {
  static final String FABRIC_1024 = "fabric-" + FabricPresets.H3C_S9825_1024;

  private final BenchEnvironment env;
  private final Map<String, Integer> uses = new HashMap<>();
  private final Map<String, AutoCloseable> open = new LinkedHashMap<>();
  private final Map<String, Object> values = new HashMap<>();
  private final Set<String> released = new HashSet<>();
  private Floor floor;
  private final Map<Long, Floor> delayedFloors = new HashMap<>();

  Fixtures(BenchEnvironment env, List<Scenario> run) {
    this.env = env;
    for (Scenario s : run) {
      s.fixtures().forEach(k -> uses.merge(k, 1, Integer::sum));
    }
  }

  static String loadedKey(String preset) {
    return loadedKey(preset, 0);
  }

  /**
   * A loaded fabric brought up with the per-RPC delay {@code delayMs} is a product of its own: a
   * bring-up needs an empty fabric, and the one at d = 0 is shared with scenarios measured at d =
   * 0.
   */
  static String loadedKey(String preset, long delayMs) {
    return "loaded-" + preset + (delayMs == 0 ? "" : "-d" + delayMs);
  }

  /** The 1,024-GPU preset, spines included, no tenant, every switch IN_SYNC, no per-RPC delay. */
  Product fabric1024() throws Exception {
    Product p = (Product) values.get(FABRIC_1024);
    if (p == null) {
      p =
          Product.start(
              env, FABRIC_1024, Product.Options.standard(FabricPresets.H3C_S9825_1024, false));
      open.put(FABRIC_1024, p);
      values.put(FABRIC_1024, p);
      p.awaitInSync(Duration.ofMinutes(5));
      floor = null;
      delayedFloors.clear();
    }
    return p;
  }

  /** The NETCONF floor measured on {@link #fabric1024()}, once. */
  Floor floor() throws Exception {
    Product p = fabric1024();
    if (floor == null) {
      floor = Floor.measure(p, FabricPresets.H3C_S9825_1024);
      p.awaitQuiet(Duration.ofMinutes(2));
    }
    return floor;
  }

  /**
   * The same floor timed with the per-RPC delay {@code delayMs} on its leaves ({@link Floor#at}),
   * once per delay; the delay is cleared afterwards, so {@link #fabric1024()} stays at d = 0.
   */
  Floor floor(long delayMs) throws Exception {
    Floor zero = floor();
    if (delayMs == 0) {
      return zero;
    }
    Floor f = delayedFloors.get(delayMs);
    if (f == null) {
      Product p = fabric1024();
      f = zero.at(p, FabricPresets.H3C_S9825_1024, delayMs);
      p.awaitQuiet(Duration.ofMinutes(2));
      delayedFloors.put(delayMs, f);
    }
    return f;
  }

  /** {@code preset} (leaves only) with one one-GPU tenant on every GPU, brought up on first use. */
  LoadedFabric loaded(String preset) throws Exception {
    return loaded(preset, 0);
  }

  /** As {@link #loaded(String)}, brought up with the per-RPC delay {@code delayMs} set. */
  LoadedFabric loaded(String preset, long delayMs) throws Exception {
    String key = loadedKey(preset, delayMs);
    LoadedFabric f = (LoadedFabric) values.get(key);
    if (f == null) {
      f = LoadedFabric.bringUp(env, key, preset, delayMs);
      open.put(key, f.product());
      values.put(key, f);
    }
    return f;
  }

  /**
   * {@code scenario} is done with {@code key} (once counts, again is a no-op); the last stops it.
   */
  void done(Scenario scenario, String key) {
    if (!released.add(scenario.name() + " " + key)) {
      return;
    }
    int left = uses.merge(key, -1, Integer::sum);
    if (left <= 0) {
      discard(key);
    }
  }

  /** Stops {@code key} now (a scenario changed it beyond reuse, or failed while using it). */
  void discard(String key) {
    AutoCloseable c = open.remove(key);
    values.remove(key);
    if (key.equals(FABRIC_1024)) {
      floor = null;
      delayedFloors.clear();
    }
    if (c != null) {
      try {
        c.close();
      } catch (Exception e) {
        System.out.println("!! stopping " + key + ": " + e);
      }
    }
  }

  @Override
  public void close() {
    for (String key : List.copyOf(open.keySet())) {
      discard(key);
    }
  }
}
