package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.datastore.NetconfError;
import io.tenantfabric.emulator.datastore.RpcException;

/** kill-session (RFC 6241 §7.9): not one's own session. */
final class KillSessionHandler implements RpcHandler {
  @Override
  public String handle(RpcCall call) throws RpcException {
    long id = Args.number(call.operation(), "session-id", -1, 0, Integer.MAX_VALUE);
    if (id < 0) {
      throw new RpcException(
          NetconfError.protocol("missing-element", "The element 'session-id' is missing.")
              .withInfo("bad-element", "session-id"));
    }
    call.device().kill(call.session(), (int) id);
    return Replies.OK;
  }
}
