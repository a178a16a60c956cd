package io.tenantfabric.controller.drift;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;

/** The last drift found on a switch: when, and what. Kept after the repair, for the record. */
@Schema(name = "LastDrift")
public record LastDrift(Instant at, List<DriftItemView> items) {}
