package io.tenantfabric.controller.isolation;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * An isolation audit: {@code trigger} {@code api} or {@code batch}; {@code scope} the switches
 * asked for (null: the whole fabric); {@code status} RUNNING (queued while {@code startedAt} is
 * null), CLEAN (no isolation finding, nothing unmodeled, every managed switch read), FINDINGS,
 * INCOMPLETE (a managed switch could not be read) or FAILED ({@code failure} says why); {@code
 * timings} {switchesRead, readMs, verifyMs, totalMs}; {@code counts} per finding kind; {@code
 * notManaged} the switches in scope without an inventory entry (never read); {@code unreadable};
 * and the findings (left out of lists).
 */
record IsolationAuditView(
    String id,
    String trigger,
    List<String> scope,
    String status,
    Instant requestedAt,
    Instant startedAt,
    Instant finishedAt,
    Map<String, Long> timings,
    Map<String, Integer> counts,
    List<String> notManaged,
    List<String> unreadable,
    String failure,
    List<IsolationFindingView> findings) {}
