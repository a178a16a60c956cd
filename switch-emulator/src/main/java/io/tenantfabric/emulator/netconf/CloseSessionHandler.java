package io.tenantfabric.emulator.netconf;

/** close-session (RFC 6241 §7.8): the channel closes after sending the reply. */
final class CloseSessionHandler implements RpcHandler {
  @Override
  public String handle(RpcCall call) {
    return Replies.OK;
  }
}
