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
}
