package io.tenantfabric.model.verify;

/** Every kind of finding, with its class and severity (fixed per kind). */
public enum FindingKind {
  /**
   * A port joined to the VSI of a tenant it is not allocated to, by its binding or by any other
   * service instance, whatever its encapsulation.
   */
  FOREIGN_PORT_IN_VSI(FindingClass.ISOLATION),
  /** One VNI, or one VSI, serving two tenants, on a switch or across switches. */
  SHARED_SEGMENT(FindingClass.ISOLATION),
  /** {@code t-x} carrying a VNI that is not tenant x's. */
  VNI_MISMATCH(FindingClass.ISOLATION),
  /**
   * A tenant port's ACL permits a foreign tenant prefix, or an ACL is applied outbound on it (also
   * naming the tenant the ACL is named for).
   */
  ACL_WRONG(FindingClass.ISOLATION),
  /** Ports of two tenants in one layer-2 segment across the fabric (ports, ACs, VSIs, VNIs). */
  CROSS_TENANT_PATH(FindingClass.ISOLATION),
  /** A free port that is not shut down and bare. */
  UNSCRUBBED_PORT(FindingClass.CONVERGENCE),
  /** An allocated port in no VSI. */
  UNBOUND_PORT(FindingClass.CONVERGENCE),
  /** A tenant port's ACL does not exist on the switch. */
  ACL_MISSING(FindingClass.CONVERGENCE),
  /** A tenant port's ACL exists but the port does not filter with it. */
  ACL_NOT_APPLIED(FindingClass.CONVERGENCE),
  /** A port whose lossless settings (PFC, ECN, trust, deadlock detection) are not the baseline. */
  LOSSLESS_MISSING(FindingClass.CONVERGENCE),
  /** A tenant VSI ({@code t-*}) the intent does not put on this switch. */
  ORPHAN_VSI(FindingClass.CONVERGENCE),
  /**
   * A parser anomaly on a managed port, a tenant VSI, a tenant ACL or a tenant VNI; or an extra on
   * a managed port (configuration the intent does not compile there) that no isolation finding
   * names.
   */
  UNMODELED_CONFIG(FindingClass.UNMODELED),
  /** A managed switch that could not be read. */
  UNREADABLE(FindingClass.UNREADABLE);

  private final FindingClass findingClass;

  FindingKind(FindingClass findingClass) {
    this.findingClass = findingClass;
  }

  public FindingClass findingClass() {
    return findingClass;
  }

  public Severity severity() {
    switch (findingClass) {
      case ISOLATION:
        return Severity.CRITICAL;
      case CONVERGENCE:
        return Severity.WARNING;
      default:
        return Severity.ERROR;
    }
  }
}
