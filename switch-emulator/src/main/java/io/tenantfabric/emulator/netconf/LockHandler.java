package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.datastore.RpcException;

/** lock and unlock (RFC 6241 §7.5-7.6, comware-facts.md §2.7). */
final class LockHandler implements RpcHandler {
  private final boolean lock;

  LockHandler(boolean lock) {
    this.lock = lock;
  }

  @Override
  public String handle(RpcCall call) throws RpcException {
    var target = Args.datastore(call, "target", false);
    if (lock) {
      call.device().lock(call.session(), target);
    } else {
      call.device().unlock(call.session(), target);
    }
    return Replies.OK;
  }
}
