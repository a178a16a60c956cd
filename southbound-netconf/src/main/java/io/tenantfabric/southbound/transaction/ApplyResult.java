package io.tenantfabric.southbound.transaction;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.southbound.comware.ComwareFeature;
import io.tenantfabric.southbound.comware.EditGroup;
import io.tenantfabric.southbound.comware.EditStep;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a confirmed device transaction did: the profile used, the steps that took effect and the
 * edit RPCs that carried them (one per {@link EditGroup}), the features that went through the CLI
 * fallback, how many lock attempts it took, the config the read-back verified (what the switch runs
 * now, within the target's scope; worth keeping as the next transaction's believed current), and
 * whether a plan from a wrong belief was undone and replanned from what the switch ran.
 */
public record ApplyResult(
    String device,
    TransactionProfile profile,
    List<EditStep> steps,
    Set<ComwareFeature> cliFeatures,
    int lockAttempts,
    DeviceConfig verified,
    boolean replanned) {

  public ApplyResult {
    steps = List.copyOf(steps);
    cliFeatures = Set.copyOf(cliFeatures);
    Objects.requireNonNull(verified, "verified");
  }

  /** The edit RPCs that carried the steps: one per run of steps of one kind. */
  public int edits() {
    return EditGroup.of(steps).size();
  }

  /** True when the switch already had the target and nothing was sent. */
  public boolean unchanged() {
    return steps.isEmpty();
  }
}
