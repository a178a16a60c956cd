package io.tenantfabric.southbound.transaction;

import io.tenantfabric.southbound.comware.ComwareFeature;
import java.util.EnumSet;
import java.util.Set;

/**
 * What transactions learned about one switch that the next one should not learn again: the features
 * its release takes only through the CLI (comware-facts.md 0.3). A transaction that believes the
 * switch's config reads nothing before its edits, so without this each one would meet the refusal
 * in its edits, roll the whole pipelined burst back and send it again. Held by the caller, one per
 * switch, across transactions; thread safe. Never forgets: after an upgrade that brings the XML,
 * the CLI still works and the read-back still verifies, until the caller starts afresh.
 */
public final class DeviceKnowledge {
  private final Set<ComwareFeature> cliOnly = EnumSet.noneOf(ComwareFeature.class);

  /** The features found to go through the CLI on this switch so far. */
  public synchronized Set<ComwareFeature> cliOnly() {
    return Set.copyOf(cliOnly);
  }

  synchronized void learn(Set<ComwareFeature> features) {
    cliOnly.addAll(features);
  }
}
