package io.tenantfabric.db.isolation;

import java.time.Instant;
import java.util.UUID;

/** What one audit observed on one port a tenant owned ({@code observedJson}: the port's facts). */
public record ObservedPortRow(
    UUID auditId,
    long tenantId,
    String switchName,
    String port,
    Instant observedAt,
    String observedJson) {}
