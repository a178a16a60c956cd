package io.tenantfabric.controller.provision;

import java.util.List;
import java.util.Set;

/**
 * The intent recorded since a batch was loaded, asked once every switch of the batch is held
 * (locked, its rollback armed) and before anything is edited: newer targets of the batch's own
 * switches, and targets of other pending switches, which join the batch.
 */
interface LateIntent {

  /** Whether any intent was recorded since the batch was loaded (cheap: asked by every batch). */
  boolean arrived();

  /**
   * The targets of every pending switch the batch may take now, {@code batch}'s own among them;
   * empty when nothing was recorded since the load. A target no newer than the batch's is ignored.
   */
  List<SwitchTarget> targets(Set<String> batch);

  /**
   * Holds switches about to join the batch, in name order, as the batch's own were held before it
   * began (see {@link SwitchWriters}); they are let go with the batch's own.
   */
  void hold(List<String> joining);
}
