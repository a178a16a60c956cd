package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.datastore.RpcException;

/** Handles one NETCONF operation and returns the reply body ({@code <ok/>} or {@code <data>}). */
interface RpcHandler {
  String handle(RpcCall call) throws RpcException;
}
