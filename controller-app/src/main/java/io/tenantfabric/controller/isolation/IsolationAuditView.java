package io.tenantfabric.controller.isolation;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * An isolation audit: {@code trigger} {@code api}, {@code batch} or {@code operation}; {@code
 * scope} the switches asked for (null: the whole fabric); {@code status} RUNNING (queued while
 * {@code startedAt} is null), CLEAN (no isolation finding, nothing unmodeled, every managed switch
 * read), FINDINGS, INCOMPLETE (a managed switch could not be read) or FAILED ({@code failure} says
 * why); {@code timings} {switchesRead, readMs, verifyMs, totalMs}; {@code counts} per finding kind;
 * {@code notManaged} the switches in scope without an inventory entry (never read); {@code
 * unreadable}; and the findings (left out of lists).
 */
@Schema(name = "IsolationAudit")
record IsolationAuditView(
    String id,
    String trigger,
    @Schema(nullable = true, description = "The switches asked for; null for every managed one")
        List<String> scope,
    String status,
    Instant requestedAt,
    @Schema(nullable = true) Instant startedAt,
    @Schema(nullable = true) Instant finishedAt,
    @Schema(nullable = true) Map<String, Long> timings,
    @Schema(nullable = true) Map<String, Integer> counts,
    @Schema(nullable = true) List<String> notManaged,
    @Schema(nullable = true) List<String> unreadable,
    @Schema(nullable = true) String failure,
    @Schema(nullable = true, description = "The findings; null in a list of audits")
        List<IsolationFindingView> findings) {}
