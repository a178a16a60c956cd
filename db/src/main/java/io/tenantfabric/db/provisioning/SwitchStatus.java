package io.tenantfabric.db.provisioning;

import java.time.Instant;

/**
 * The provisioner's record of one switch: its state, its last error (null fields when none), when a
 * change was last verified on it, and since when it has changes not saved to startup.
 */
public record SwitchStatus(
    String name,
    String state,
    Instant lastErrorAt,
    String lastErrorPhase,
    String lastError,
    Instant lastVerifiedAt,
    Instant unsavedSince) {}
