package io.tenantfabric.model.lifecycle;

/**
 * Two switch ports whose cables are swapped: each sees the far end the plan puts on the other. The
 * first is the one whose switch and port sort first.
 */
public record CrossedPair(CableCheck first, CableCheck second) {

  public CrossedPair {
    if (first == null || second == null) {
      throw new IllegalArgumentException("a crossed pair names two ports");
    }
  }
}
