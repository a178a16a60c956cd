package io.tenantfabric.controller.drift;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * One difference found on a switch: {@code kind} MISSING, EXTRA or CONFLICTING, the object it is
 * about ({@code vsi t-acme}, {@code port FourHundredGigE1/0/5}), the tenant it concerns (null for
 * the baseline), and the expected and observed config lines (null on the side that has none).
 */
@Schema(name = "DriftItem")
public record DriftItemView(
    String kind,
    @Schema(nullable = true) String object,
    @Schema(nullable = true) String tenant,
    @Schema(nullable = true) String expected,
    @Schema(nullable = true) String observed) {}
