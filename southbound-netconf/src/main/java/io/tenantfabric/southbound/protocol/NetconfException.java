package io.tenantfabric.southbound.protocol;

/** Any NETCONF failure; always names the device (switch) it happened on. */
public class NetconfException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String device;

  public NetconfException(String device, String message) {
    this(device, message, null);
  }

  public NetconfException(String device, String message, Throwable cause) {
    super(device + ": " + message, cause);
    this.device = device;
  }

  /** The switch name this failure belongs to. */
  public String device() {
    return device;
  }
}
