package io.tenantfabric.db.provisioning;

import java.util.List;

/** A batch left {@code CONFIRMING} by a process that stopped, and what it recorded. */
public record OpenBatch(long id, List<BatchSwitch> switches, List<String> confirmed) {}
