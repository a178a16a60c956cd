package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.datastore.RpcException;

/** cancel-commit (RFC 6241 §8.4.9). */
final class CancelCommitHandler implements RpcHandler {
  @Override
  public String handle(RpcCall call) throws RpcException {
    call.device().cancelCommit(call.session(), Args.text(call.operation(), "persist-id"));
    return Replies.OK;
  }
}
