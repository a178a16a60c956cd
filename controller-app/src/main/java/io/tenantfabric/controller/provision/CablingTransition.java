package io.tenantfabric.controller.provision;

/**
 * One port whose cabling state or sight a check changed: the states before and after ({@code
 * UNCHECKED} before the first check; {@code null} after, for an unplanned port that went quiet) and
 * what the port sees now ({@code "device port"}, null when nothing answers).
 */
public record CablingTransition(
    String switchName, String port, String from, String to, String seen) {}
