package io.tenantfabric.bench;

/** One benchmark scenario of {@code bench/run}; later issues add theirs to {@link BenchRun}. */
interface Scenario {
  String name();

  String description();

  ScenarioResult run(BenchEnvironment env) throws Exception;
}
