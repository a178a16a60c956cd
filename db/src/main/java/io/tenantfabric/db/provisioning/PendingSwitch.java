package io.tenantfabric.db.provisioning;

/**
 * A managed switch (it has an inventory entry) and its generations; {@code pending} when the intent
 * is ahead of what the switch has verifiably applied.
 */
public record PendingSwitch(
    String name,
    String role,
    String host,
    int port,
    String username,
    String password,
    String hostKeySha256,
    long desiredGeneration,
    long appliedGeneration,
    String state) {

  public boolean pending() {
    return desiredGeneration > appliedGeneration;
  }

  @Override
  public String toString() {
    return "PendingSwitch["
        + name
        + " "
        + host
        + ":"
        + port
        + " "
        + appliedGeneration
        + "->"
        + desiredGeneration
        + " "
        + state
        + "]";
  }
}
