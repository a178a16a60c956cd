package io.tenantfabric.emulator.device;

/** A device already has its maximum of NETCONF sessions ({@code --max-sessions}). */
public final class TooManySessionsException extends Exception {
  private static final long serialVersionUID = 1L;
  private final int max;

  public TooManySessionsException(String device, int max) {
    super(device + " already has " + max + " NETCONF sessions, the maximum (--max-sessions)");
    this.max = max;
  }

  public int max() {
    return max;
  }
}
