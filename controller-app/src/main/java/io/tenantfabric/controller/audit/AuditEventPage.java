package io.tenantfabric.controller.audit;

import java.util.List;

/** A page of audit events, newest first. */
record AuditEventPage(
    List<AuditEventView> items, int page, int size, long totalItems, int totalPages) {}
