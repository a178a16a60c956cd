package io.tenantfabric.controller.audit;

import java.util.List;

/**
 * A keyset page of audit events, oldest first: the events after {@code afterId}, at most {@code
 * limit}; {@code nextAfterId} is the {@code afterId} of the next page, null when this page is the
 * last one so far.
 */
record AuditEventSlice(List<AuditEventView> items, long afterId, int limit, Long nextAfterId) {}
