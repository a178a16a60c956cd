package io.tenantfabric.model.verify;

/**
 * A tenant's port as its switch showed it: the GPU behind it (null when the topology has none
 * there), admin state, the VSI it is bound into and that VSI's VNI (null when unbound), the inbound
 * ACL (null for none), and whether its lossless settings are the baseline's.
 */
public record PortEvidence(
    String tenant,
    String switchName,
    String port,
    String gpu,
    boolean adminUp,
    String vsi,
    Integer vni,
    String inboundAcl,
    boolean lossless) {

  PortEvidence withGpu(String gpu) {
    return new PortEvidence(tenant, switchName, port, gpu, adminUp, vsi, vni, inboundAcl, lossless);
  }
}
