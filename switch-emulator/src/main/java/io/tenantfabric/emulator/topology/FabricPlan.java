package io.tenantfabric.emulator.topology;

import java.util.List;

/** What a preset plans: the switches in listening order, the servers, and the cables. */
public record FabricPlan(
    List<SwitchLayout> switches, List<ServerLayout> servers, List<PlannedCable> cables) {
  public FabricPlan {
    switches = List.copyOf(switches);
    servers = List.copyOf(servers);
    cables = List.copyOf(cables);
  }
}
