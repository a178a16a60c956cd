package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.device.DeviceSession;
import io.tenantfabric.emulator.device.SwitchDevice;
import org.w3c.dom.Element;

/**
 * One received operation: the device, the calling session, the operation element and its XPath-like
 * location ({@code /rpc/get[1]}) for error messages.
 */
public record RpcCall(SwitchDevice device, DeviceSession session, Element operation, String path) {}
