package io.tenantfabric.controller.web;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.model.topology.SwitchName;

/** A switch name in a path: a 400 naming {@code name} when it is not one. */
public final class SwitchNameParameter {

  private SwitchNameParameter() {}

  public static SwitchName parse(String name) {
    try {
      return new SwitchName(name);
    } catch (IllegalArgumentException e) {
      throw Refusal.invalid(
              "Invalid switch name",
              "A switch name is lower-case letters, digits and dashes, like leaf-01.")
          .field("name");
    }
  }
}
