package io.tenantfabric.model.lifecycle;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * How bad a cabling state is, for judging a link by the worse of its ends: {@code OK}, {@code
 * UNVERIFIED} (the link is up, nobody confirms the far end), {@code UNCHECKED} (nothing known yet),
 * {@code UNEXPECTED} (a cable the plan does not know, harmless to the planned ones), {@code
 * MISSING} (capacity lost, nothing reaches the wrong place) and {@code WRONG_PEER} (traffic reaches
 * a device the plan does not send it to: the one state that can join what must stay apart).
 */
public final class CablingSeverity {

  /** Every state, from the best to the worst. */
  public static final List<CablingState> BEST_TO_WORST =
      List.of(
          CablingState.OK,
          CablingState.UNVERIFIED,
          CablingState.UNCHECKED,
          CablingState.UNEXPECTED,
          CablingState.MISSING,
          CablingState.WRONG_PEER);

  /** Orders states from the best to the worst. */
  public static final Comparator<CablingState> ORDER =
      Comparator.comparingInt(BEST_TO_WORST::indexOf);

  private CablingSeverity() {}

  /** The worst of {@code states}; {@code UNCHECKED} when there is none. */
  public static CablingState worst(Collection<CablingState> states) {
    return states.stream().max(ORDER).orElse(CablingState.UNCHECKED);
  }
}
