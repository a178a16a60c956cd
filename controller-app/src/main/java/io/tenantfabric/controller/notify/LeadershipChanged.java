package io.tenantfabric.controller.notify;

/**
 * Published when this instance becomes the provisioning leader (after it recovered what the
 * previous one left) and when it stops being it: leader-only work (isolation audits) follows it.
 */
public record LeadershipChanged(boolean leading) {}
