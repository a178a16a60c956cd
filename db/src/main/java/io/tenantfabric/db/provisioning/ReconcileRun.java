package io.tenantfabric.db.provisioning;

import java.time.Instant;
import java.util.UUID;

/**
 * A reconcile run as stored: its scope ({@code FABRIC} or one switch), policy, trigger, state,
 * times, and per-switch result (JSON array, null until it ran).
 */
public record ReconcileRun(
    UUID id,
    String scope,
    String policy,
    String trigger,
    String state,
    Instant requestedAt,
    Instant startedAt,
    Instant finishedAt,
    String resultJson) {}
