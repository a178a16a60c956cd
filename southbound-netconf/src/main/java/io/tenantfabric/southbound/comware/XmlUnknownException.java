package io.tenantfabric.southbound.comware;

import io.tenantfabric.southbound.protocol.NetconfException;
import io.tenantfabric.southbound.protocol.NetconfRpcException;

/**
 * The switch answered an XML edit with {@code unknown-element} naming the feature's own module:
 * this release takes the feature only through the CLI (comware-facts.md 0.3). Not a refusal of the
 * change: the same group sent again goes through the CLI.
 */
public final class XmlUnknownException extends NetconfException {

  private static final long serialVersionUID = 1L;
  private final ComwareFeature feature;

  XmlUnknownException(String device, ComwareFeature feature, NetconfRpcException cause) {
    super(device, "no XML for " + feature + " on this release: " + cause.getMessage(), cause);
    this.feature = feature;
  }

  public ComwareFeature feature() {
    return feature;
  }
}
