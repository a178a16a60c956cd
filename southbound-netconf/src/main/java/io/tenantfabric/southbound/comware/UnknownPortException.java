package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.topology.PortName;

/** A port the config names does not exist on the switch (no Ifmgr row with that Name). */
public class UnknownPortException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;
  private final transient PortName port;

  public UnknownPortException(PortName port) {
    super("port " + port.value() + " has no IfIndex on the switch (no Ifmgr Interface row)");
    this.port = port;
  }

  public PortName port() {
    return port;
  }
}
