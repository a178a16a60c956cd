package io.tenantfabric.controller.notify;

import java.util.List;
import java.util.UUID;

/**
 * Published by the provisioner once a batch's outcome is committed, with the allocations it moved
 * to {@code ACTIVE} or {@code RELEASED}: their waiters in this instance are woken at once, without
 * waiting for the notification the outcome sent to every instance.
 */
public record AllocationsSettled(List<UUID> allocations) {}
