package io.tenantfabric.emulator.identity;

/** The product every emulated switch is: model, software and hardware revisions. */
public final class Product {
  /** {@code LLDP/Inventory/ModelName}, as a recorded Comware 7 reply spells a model. */
  public static final String MODEL_NAME = "H3C S9825-64D";

  /** The model without the vendor, as {@code display device manuinfo} names it. */
  public static final String DEVICE_NAME = "S9825-64D";

  /** {@code LLDP/Inventory/SoftwareRev} and the version {@code display version} shows. */
  public static final String SOFTWARE_REV = "7.1.070, Release 6710";

  /** {@code LLDP/Inventory/HardwareRev}: a guess, no recording shows it. */
  public static final String HARDWARE_REV = "VER.A";

  /** {@code VENDOR_NAME} of {@code display device manuinfo}. */
  public static final String VENDOR = "H3C";

  private Product() {}
}
