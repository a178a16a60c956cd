package io.tenantfabric.controller.provision;

import java.util.List;

/**
 * What the operator must look at in the cabling of leased GPUs, whose far end is a tenant's own
 * system and is never acted upon: {@code ISOLATION} (two leased GPU cables swapped between two
 * tenants: each tenant's NIC sits on the other's port, in the other's network) or {@code
 * LEASED_CABLE} (a leased GPU's port sees another peer, or none with its link down). Names every
 * tenant and port involved.
 */
public record CablingFinding(
    String kind, String severity, String summary, List<String> tenants, List<End> ends) {

  public CablingFinding {
    tenants = List.copyOf(tenants);
    ends = List.copyOf(ends);
  }

  /**
   * One port of a finding: where it is, who leases the GPU planned there (by allocation), what the
   * plan puts there and what it sees ({@code "device port"}; null when nothing answers).
   */
  public record End(
      String switchName,
      String port,
      String state,
      String gpu,
      String tenant,
      String allocation,
      String planned,
      String seen) {}
}
