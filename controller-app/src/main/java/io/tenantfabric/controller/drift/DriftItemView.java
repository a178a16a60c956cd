package io.tenantfabric.controller.drift;

/**
 * One difference found on a switch: {@code kind} MISSING, EXTRA or CONFLICTING, the object it is
 * about ({@code vsi t-acme}, {@code port FourHundredGigE1/0/5}), the tenant it concerns (null for
 * the baseline), and the expected and observed config lines (null on the side that has none).
 */
public record DriftItemView(
    String kind, String object, String tenant, String expected, String observed) {}
