package io.tenantfabric.controller.allocation;

import java.util.List;

/**
 * The answer of {@code POST .../allocations?dryRun=true}: the GPUs placement would pick, the VNI
 * and prefix the tenant has (or would get), and per touched switch the steps its next change would
 * hold, relative to the intent as it is. Nothing was stored and no lock was taken.
 */
record AllocationPlan(
    boolean dryRun,
    String tenant,
    int vni,
    String prefix,
    boolean poolsWouldBeAssigned,
    List<AllocationView.GpuView> gpus,
    List<SwitchChanges> switches) {

  /** The steps of one switch, in the order a transaction would send them. */
  record SwitchChanges(String name, List<String> steps) {}
}
