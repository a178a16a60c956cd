package io.tenantfabric.db.fabric;

/**
 * Where and how the southbound reaches a switch; {@code hostKeySha256} is OpenSSH's {@code
 * SHA256:<base64>}.
 */
public record DeviceInventory(
    String host, int port, String username, String password, String hostKeySha256) {

  @Override
  public String toString() {
    return "DeviceInventory[host=" + host + ", port=" + port + ", username=" + username + "]";
  }
}
