package io.tenantfabric.controller.tenant;

import java.util.List;

/** One page of tenants, by name. */
record TenantPage(List<TenantView> items, int page, int size, long totalItems, int totalPages) {}
