package io.tenantfabric.controller.notify;

import java.util.List;

/**
 * Published after a batch's outcome is recorded, with the switches whose change was confirmed
 * (allocations, releases and repairs alike): the isolation audit checks them, off the path.
 */
public record SwitchesProvisioned(List<String> switches) {}
