package io.tenantfabric.db.isolation;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * An isolation audit as stored: {@code scope} null for the whole fabric; the JSON columns as text
 * (null until the run finished).
 */
public record IsolationAuditRow(
    UUID id,
    String trigger,
    List<String> scope,
    String status,
    Instant requestedAt,
    Instant startedAt,
    Instant finishedAt,
    String timingsJson,
    String countsJson,
    String findingsJson,
    List<String> notManaged,
    List<String> unreadable,
    String failure) {}
