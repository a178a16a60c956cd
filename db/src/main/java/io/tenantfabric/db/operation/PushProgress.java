package io.tenantfabric.db.operation;

import java.time.Instant;

/**
 * How far a switch got with the generation an operation gave it: what it applied, its state, and
 * its last error ({@code lastErrorAt} null when it never failed).
 */
public record PushProgress(
    long desiredGeneration,
    long appliedGeneration,
    String state,
    Instant lastErrorAt,
    String lastErrorPhase,
    String lastError) {}
