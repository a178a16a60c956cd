package io.tenantfabric.controller.provision;

import io.tenantfabric.model.lifecycle.CableCheck;
import java.util.List;
import java.util.Map;

/**
 * What one cabling check of several switches found and recorded: per switch asked for, its outcome
 * ({@code CHECKED}, {@code NOT_READY} and {@code BACKING_OFF}: left alone, {@code UNREACHABLE},
 * {@code UNMANAGED}) with the verdicts or the error; the ports whose state or sight changed; and
 * the findings across the fabric after it.
 */
public record CablingRun(
    Map<String, SwitchCheck> switches,
    List<CablingTransition> transitions,
    List<CablingFinding> findings) {

  public CablingRun {
    switches = Map.copyOf(switches);
    transitions = List.copyOf(transitions);
    findings = List.copyOf(findings);
  }

  /**
   * One switch of the run: its outcome, its verdicts by port (when checked), the error (if any).
   */
  public record SwitchCheck(String outcome, List<CableCheck> checks, String error) {

    public SwitchCheck {
      checks = List.copyOf(checks);
    }
  }
}
