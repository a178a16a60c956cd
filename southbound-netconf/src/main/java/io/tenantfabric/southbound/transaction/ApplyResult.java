package io.tenantfabric.southbound.transaction;

import io.tenantfabric.southbound.comware.ComwareFeature;
import io.tenantfabric.southbound.comware.EditStep;
import java.util.List;
import java.util.Set;

/**
 * What a confirmed device transaction did: the profile used, the steps sent, the features that went
 * through the CLI fallback and how many lock attempts it took.
 */
public record ApplyResult(
    String device,
    TransactionProfile profile,
    List<EditStep> steps,
    Set<ComwareFeature> cliFeatures,
    int lockAttempts) {

  public ApplyResult {
    steps = List.copyOf(steps);
    cliFeatures = Set.copyOf(cliFeatures);
  }

  /** True when the switch already had the target and nothing was sent. */
  public boolean unchanged() {
    return steps.isEmpty();
  }
}
