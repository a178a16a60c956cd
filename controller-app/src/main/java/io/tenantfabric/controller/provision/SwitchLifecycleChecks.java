package io.tenantfabric.controller.provision;

import io.tenantfabric.model.lifecycle.CableCheck;
import io.tenantfabric.model.lifecycle.Day0Gap;
import io.tenantfabric.model.lifecycle.SwitchIdentity;
import io.tenantfabric.model.topology.SwitchName;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What the controller learns from a switch about the switch itself, and records: who it is, whether
 * its day-0 configuration is there, and whether its cables are where the plan puts them. Called on
 * the provisioner's thread (the only code that talks to switches), between batches. A switch that
 * cannot be reached throws the southbound's exception, as a read does.
 */
public interface SwitchLifecycleChecks {

  /** The switch's identity as it reports it (sysname, serial number, model, software). */
  SwitchIdentity identity(SwitchName name);

  /**
   * Reads the switch's day-0 facts, records the verdict (the switch {@code NOT_READY} with its
   * gaps, or out of {@code NOT_READY} when ready) and returns the gaps, empty when ready.
   */
  List<Day0Gap> checkDay0(SwitchName name);

  /**
   * Reads the switch's LLDP neighbours and link states, records every port's cabling state (one
   * audit event for the transitions) and returns the verdicts, by port.
   */
  List<CableCheck> checkCabling(SwitchName name);

  /**
   * Reads the cabling of {@code names} at once (in parallel, as a scheduled check does) and records
   * it as one run; by switch name, its outcome: {@code CHECKED} with the verdicts by port, or
   * {@code UNMANAGED}, {@code NOT_READY} (not read) or {@code UNREACHABLE} with the error.
   */
  Map<String, CablingRun.SwitchCheck> checkCabling(Collection<SwitchName> names);
}
