package io.tenantfabric.emulator.topology;

import java.util.List;

/** One switch to emulate: name, role ({@code SPINE}, {@code LEAF}, {@code SUPER_SPINE}), ports. */
public record SwitchLayout(String name, String role, List<String> ports) {
  public SwitchLayout {
    ports = List.copyOf(ports);
  }
}
