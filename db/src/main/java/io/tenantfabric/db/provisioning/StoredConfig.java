package io.tenantfabric.db.provisioning;

import java.time.Instant;

/**
 * The config last read back from a switch after a verified change, as JSON; {@code valid} false
 * means it must be re-read from the switch before it is trusted.
 */
public record StoredConfig(
    String switchName, long generation, String configJson, boolean valid, Instant verifiedAt) {}
