package io.tenantfabric.model.device;

/**
 * The lossless settings of one port as a switch shows them (comware-facts.md section 5 step 4b):
 * what the parser reads per port before the ports are folded into one {@link LosslessBaseline}, and
 * what the isolation verifier compares port by port.
 */
public record PortLossless(
    int priority,
    boolean pfc,
    boolean ecn,
    boolean trustDscp,
    boolean trustTunnelDot1p,
    boolean deadlock) {

  public static final PortLossless NONE = new PortLossless(0, false, false, false, false, false);

  public PortLossless {
    if (priority < 0 || priority > 7) {
      throw new IllegalArgumentException("priority must be 0..7");
    }
    if (!pfc && !ecn) {
      priority = 0;
    }
  }

  public static PortLossless of(LosslessBaseline b) {
    return new PortLossless(
        b.rocePriority(),
        b.pfcEnabled(),
        b.ecnEnabled(),
        b.trustDscp(),
        b.trustTunnelDot1p(),
        b.deadlockDetection());
  }

  public boolean isEmpty() {
    return !pfc && !ecn && !trustDscp && !trustTunnelDot1p && !deadlock;
  }
}
