package io.tenantfabric.model.topology;

/**
 * A switch of the fabric; {@code pod} is 1.. for leaves and pod spines of a 3-tier fabric, else 0.
 */
public record Switch(SwitchName name, SwitchRole role, int pod) {

  public Switch {
    if (name == null || role == null) {
      throw new IllegalArgumentException("switch name and role are required");
    }
    if (pod < 0) {
      throw new IllegalArgumentException("pod of " + name + " must be >= 0, was " + pod);
    }
  }
}
