package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.datastore.NetconfError;
import io.tenantfabric.emulator.datastore.RpcException;
import io.tenantfabric.emulator.xml.SafeXml;

/** commit, confirmed commit with persist, confirming commit (RFC 6241 §8.3-8.4). */
final class CommitHandler implements RpcHandler {
  @Override
  public String handle(RpcCall call) throws RpcException {
    var op = call.operation();
    boolean confirmed = SafeXml.child(op, "confirmed") != null;
    long timeout = Args.number(op, "confirm-timeout", 600, 1, 4294967295L);
    String persist = Args.text(op, "persist");
    String persistId = Args.text(op, "persist-id");
    if (persist != null && persistId != null) {
      throw new RpcException(
          NetconfError.protocol("invalid-value", "persist and persist-id cannot both be given.")
              .withInfo("bad-element", "persist-id"));
    }
    call.device().commit(call.session(), confirmed, timeout, persist, persistId);
    return Replies.OK;
  }
}
