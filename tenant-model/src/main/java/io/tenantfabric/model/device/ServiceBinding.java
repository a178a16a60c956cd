package io.tenantfabric.model.device;

/**
 * An untagged Ethernet service instance on a port cross-connected to a VSI (Comware {@code
 * service-instance N / encapsulation untagged / xconnect vsi NAME}).
 */
public record ServiceBinding(int srvId, String vsiName) {
  /** Comware service-instance ids run 1..4096. */
  public static final int MAX_SRV_ID = 4096;

  public ServiceBinding {
    if (srvId < 1 || srvId > MAX_SRV_ID) {
      throw new InvalidDeviceConfigException(
          "service-instance " + srvId, "srv-id-range", "srvId must be 1.." + MAX_SRV_ID);
    }
    VsiConfig.requireVsiName(vsiName);
  }
}
