package io.tenantfabric.model.topology;

import java.util.Set;

/** No fabric preset has the requested name; the message lists the known names. */
public class UnknownPresetException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final String preset;

  public UnknownPresetException(String preset, Set<String> known) {
    super("unknown fabric preset '" + preset + "'; known presets: " + known);
    this.preset = preset;
  }

  public String preset() {
    return preset;
  }
}
