package io.tenantfabric.model.growth;

/**
 * What a step of a live growth does, in the order the steps come: the upper tiers first so that
 * moved and new cables land on switches already in service, leaves last with their servers.
 */
public enum GrowthStepKind {
  /** Rack and bring up new super-spines or spines (one step per tier), with their own cables. */
  ONBOARD_UPPER,
  /** Re-plug at most one uplink of each leaf, and cable the upper ports this frees. */
  MOVE_UPLINKS,
  /** Rack one rail group's new leaves, cable them, and join the servers that sit on them. */
  JOIN_LEAVES,
  /** Cable the remaining new links between switches already in service. */
  ADD_CABLES,
  /** Join new servers whose GPUs sit on empty slots of leaves already in service. */
  JOIN_SERVERS
}
