package io.tenantfabric.controller.fabric;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.model.topology.Fabric;
import java.net.URI;
import java.util.Map;

/**
 * The answer to a {@code PUT /api/v1/fabric} whose spec differs from the stored fabric's: a fabric
 * in service changes only through a growth plan ({@code POST /api/v1/fabric/growth}), applied step
 * by step while the floor catches up, never by rewriting the model at once. A problem type of its
 * own, so that a client that used to grow with a PUT can tell it from every other conflict.
 */
public final class GrowthRequired {

  /** The problem type of this refusal. */
  public static final URI TYPE = URI.create("urn:tenant-fabric:problem:growth-required");

  /** Where a growth is planned. */
  public static final String GROWTH_PATH = "/api/v1/fabric/growth";

  private GrowthRequired() {}

  static Rejection refusal(Fabric existing, Fabric target, String field) {
    return new Rejection(
        new AuditRecord(
            "fabric.define",
            "fabric",
            existing.name(),
            null,
            null,
            AuditOutcome.REJECTED,
            Map.of("to", target.name(), "growthRequired", true)),
        Refusal.conflict(
                "Growth required",
                "Fabric "
                    + existing.name()
                    + " is defined with another spec; a fabric in service grows only through a"
                    + " growth plan applied step by step: POST "
                    + GROWTH_PATH
                    + " with this spec (or its preset), then apply the operation it answers.")
            .type(TYPE)
            .field(field)
            .with("growth", GROWTH_PATH)
            .with("fabric", existing.name()));
  }
}
