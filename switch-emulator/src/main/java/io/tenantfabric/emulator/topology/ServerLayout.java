package io.tenantfabric.emulator.topology;

import java.util.List;

/** A GPU server as a cable end: its name and its NICs ({@code mlx5_0}, ...), in order. */
public record ServerLayout(String name, List<String> nics) {
  public ServerLayout {
    nics = List.copyOf(nics);
  }
}
