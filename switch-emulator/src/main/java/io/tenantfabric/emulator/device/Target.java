package io.tenantfabric.emulator.device;

/** The datastores a request can name. */
public enum Target {
  RUNNING,
  CANDIDATE,
  STARTUP
}
