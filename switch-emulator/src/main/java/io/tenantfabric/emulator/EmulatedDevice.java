package io.tenantfabric.emulator;

import io.tenantfabric.emulator.fault.Fault;
import java.util.List;

/** One emulated S9825-64D: its SSH/NETCONF endpoint, datastore, faults and lifecycle. */
public interface EmulatedDevice {
  String name();

  /** {@code SPINE}, {@code LEAF} or {@code SUPER_SPINE}. */
  String role();

  String host();

  int port();

  /** {@code SHA256:<unpadded base64>} of the host key blob, as {@code ssh-keygen -lf} prints it. */
  String hostKeySha256();

  /** The running datastore as Comware config XML ({@code <top xmlns=config:1.0>...</top>}). */
  String runningXml();

  void injectFault(Fault f);

  void clearFaults();

  /** Closes the server and every session (sessions drop, save-points roll back). */
  void stop();

  /** Listens again on the same address, with the saved startup configuration. */
  void start();

  /** Applies CLI lines as a local operator would (out-of-band) and returns the echo. */
  String cli(List<String> lines);

  /**
   * The unit's serial number ({@code 210235A2D} and 11 more characters), as {@code
   * LLDP/Inventory/SerialNum} and {@code display device manuinfo} show it; a new one after each
   * wipe.
   */
  String serialNumber();

  /**
   * The current sysname ({@code Device/Base/HostName}): the switch's name, {@code H3C} when wiped.
   */
  String hostName();

  /** True when running holds every item of the switch's day-0 configuration. */
  boolean day0Applied();

  /**
   * Turns the switch into a factory-fresh unit in the same rack: new host key and serial number,
   * factory configuration without any day-0 item, no saved configuration, sessions dropped; it
   * listens again on the same address with the same credentials, and its cables stay.
   */
  void wipe();

  /**
   * Applies the installer's day-0 configuration of the switch's layout to running and saves it as
   * the startup configuration; applying it twice changes nothing.
   */
  void day0();
}
