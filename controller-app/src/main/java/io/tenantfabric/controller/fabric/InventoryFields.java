package io.tenantfabric.controller.fabric;

/**
 * The bounds of a switch's inventory entry, as every request that carries one validates it (the
 * devices of {@code PUT /api/v1/fabric}, a replace): where the southbound reaches the switch, as
 * whom, the SHA-256 fingerprint its host key must have ({@code SHA256:<base64>}) and its serial
 * number.
 */
public final class InventoryFields {

  public static final int HOST_MAX = 255;
  public static final String HOST_PATTERN = "^[A-Za-z0-9.:\\-\\[\\]]+$";
  public static final int USERNAME_MAX = 128;
  public static final int PASSWORD_MAX = 512;
  public static final int HOST_KEY_MAX = 50;
  public static final String HOST_KEY_PATTERN = "^SHA256:[A-Za-z0-9+/]{43}$";

  /** A serial number: 1 to 64 visible ASCII characters (as the schema bounds it). */
  public static final int SERIAL_MAX = 64;

  public static final String SERIAL_PATTERN = "^[!-~]+$";

  private InventoryFields() {}
}
