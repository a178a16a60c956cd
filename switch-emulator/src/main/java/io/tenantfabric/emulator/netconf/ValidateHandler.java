package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.datastore.NetconfError;
import io.tenantfabric.emulator.datastore.RpcException;
import io.tenantfabric.emulator.xml.SafeXml;
import org.w3c.dom.Element;

/** validate (RFC 6241 §8.6) of running, candidate or an inline {@code <config>} (validate:1.1). */
final class ValidateHandler implements RpcHandler {
  @Override
  public String handle(RpcCall call) throws RpcException {
    Element source = SafeXml.child(call.operation(), "source");
    if (source == null) {
      throw new RpcException(
          NetconfError.protocol("missing-element", "The element 'source' is missing.")
              .withInfo("bad-element", "source"));
    }
    Element config = SafeXml.child(source, "config");
    if (config != null) {
      call.device().validate(config, call.path() + "/source[1]/config[1]");
      return Replies.OK;
    }
    Args.datastore(call, "source", false);
    return Replies.OK;
  }
}
