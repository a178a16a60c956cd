/**
 * The benchmark driver behind {@code bench/run}: each {@link io.tenantfabric.bench.Scenario} starts
 * the product as separate processes (the emulated fabric, the controller on a fresh database),
 * drives it over HTTP and returns figures next to their targets; docs/benchmarks.md has the JSON
 * schema and what each figure means.
 */
package io.tenantfabric.bench;
