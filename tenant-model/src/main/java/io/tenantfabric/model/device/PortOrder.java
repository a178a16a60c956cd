package io.tenantfabric.model.device;

import io.tenantfabric.model.topology.PortName;
import java.util.Comparator;

/** Deterministic port order: by port number, then unsplit before sub-ports 1, 2, then by name. */
public final class PortOrder {
  /**
   * Orders FourHundredGigE1/0/2 before FourHundredGigE1/0/10 and TwoHundredGigE1/0/7:1 before :2:
   * {@link PortName#compareTo}, one comparison of two ints, since every sorted map of a switch's
   * config compares ports.
   */
  public static final Comparator<PortName> NATURAL = Comparator.naturalOrder();

  private PortOrder() {}
}
