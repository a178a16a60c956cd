package io.tenantfabric.bench;

import java.util.List;

/** One benchmark scenario of {@code bench/run}; {@link BenchRun#SCENARIOS} lists them. */
interface Scenario {
  String name();

  String description();

  /** The {@link Fixtures} keys this scenario uses, so that a run stops each after its last user. */
  default List<String> fixtures() {
    return List.of();
  }

  ScenarioResult run(BenchEnvironment env, Fixtures fixtures) throws Exception;
}
