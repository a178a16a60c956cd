package io.tenantfabric.emulator.support;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.fault.Fault;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** An inventory entry of an emulator in another process, seen as a device endpoint. */
public record InventoryDevice(JsonNode n) implements EmulatedDevice {
  @Override
  public String name() {
    return n.get("name").asString();
  }

  @Override
  public String role() {
    return n.get("role").asString();
  }

  @Override
  public String host() {
    return n.get("host").asString();
  }

  @Override
  public int port() {
    return n.get("port").asInt();
  }

  @Override
  public String hostKeySha256() {
    return n.get("hostKeySha256").asString();
  }

  @Override
  public String runningXml() {
    throw new UnsupportedOperationException("remote");
  }

  @Override
  public void injectFault(Fault f) {
    throw new UnsupportedOperationException("remote");
  }

  @Override
  public void clearFaults() {
    throw new UnsupportedOperationException("remote");
  }

  @Override
  public void stop() {
    throw new UnsupportedOperationException("remote");
  }

  @Override
  public void start() {
    throw new UnsupportedOperationException("remote");
  }

  @Override
  public String cli(List<String> lines) {
    throw new UnsupportedOperationException("remote");
  }

  @Override
  public String serialNumber() {
    return n.get("serialNumber").asString();
  }

  @Override
  public String hostName() {
    throw new UnsupportedOperationException("remote");
  }

  @Override
  public boolean day0Applied() {
    throw new UnsupportedOperationException("remote");
  }

  @Override
  public void wipe() {
    throw new UnsupportedOperationException("remote");
  }

  @Override
  public void day0() {
    throw new UnsupportedOperationException("remote");
  }
}
