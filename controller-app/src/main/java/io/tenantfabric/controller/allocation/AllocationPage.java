package io.tenantfabric.controller.allocation;

import java.util.List;

/** One page of a tenant's allocations, oldest first. */
record AllocationPage(
    List<AllocationView> items, int page, int size, long totalItems, int totalPages) {}
