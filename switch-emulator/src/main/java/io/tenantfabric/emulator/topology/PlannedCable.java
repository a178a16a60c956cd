package io.tenantfabric.emulator.topology;

import io.tenantfabric.emulator.CableEnd;

/** A cable of the fabric's plan: a leaf-spine link, or a GPU server NIC on its leaf port. */
public record PlannedCable(CableEnd.SwitchPort a, CableEnd b) {}
