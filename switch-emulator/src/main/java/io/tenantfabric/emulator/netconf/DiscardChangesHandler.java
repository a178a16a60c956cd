package io.tenantfabric.emulator.netconf;

/** discard-changes (RFC 6241 §8.3.4.2). */
final class DiscardChangesHandler implements RpcHandler {
  @Override
  public String handle(RpcCall call) {
    call.device().discardChanges();
    return Replies.OK;
  }
}
