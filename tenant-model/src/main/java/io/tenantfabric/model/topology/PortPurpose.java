package io.tenantfabric.model.topology;

/**
 * What a switch port is for, as {@link Fabric#purposeOf(SwitchName, PortName)} decides it: one end
 * of a fabric link, a server slot on a leaf, or neither.
 */
public enum PortPurpose {
  /**
   * A leaf downlink: a server slot, whether a GPU is cabled to it or not (both 200G halves of a
   * breakout included).
   */
  GPU,
  /** One end of a link between two switches. */
  FABRIC,
  /** Any other port: cabled to nothing the controller manages. */
  UNUSED
}
