package io.tenantfabric.controller.drift;

import java.time.Instant;
import java.util.List;

/** The last drift found on a switch: when, and what. Kept after the repair, for the record. */
public record LastDrift(Instant at, List<DriftItemView> items) {}
