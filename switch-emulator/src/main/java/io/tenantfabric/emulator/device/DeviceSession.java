package io.tenantfabric.emulator.device;

/** A NETCONF session on a device (or the internal one that holds a lock for a fault). */
public final class DeviceSession {
  private final int id;
  private final String user;
  private final Runnable drop;
  private volatile long lastActivityNanos = System.nanoTime();

  public DeviceSession(int id, String user, Runnable drop) {
    this.id = id;
    this.user = user;
    this.drop = drop;
  }

  public int id() {
    return id;
  }

  public String user() {
    return user;
  }

  /** Marks activity now (the save-point idle timer counts from the last RPC). */
  public void touch() {
    lastActivityNanos = System.nanoTime();
  }

  public long lastActivityNanos() {
    return lastActivityNanos;
  }

  /** Closes the transport abruptly, as a dropped connection would. */
  public void drop() {
    drop.run();
  }
}
