package io.tenantfabric.controller.isolation;

import java.util.List;

/** Body of {@code POST /api/v1/audits/isolation}: optional; {@code switches} limits the scope. */
record AuditRequest(List<String> switches) {}
