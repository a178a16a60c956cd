package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.device.DeviceSession;
import io.tenantfabric.emulator.xml.XmlBuilder;

/** H3C {@code <get-sessions/>}; the column names are [G] in comware-facts.md §2.7. */
final class GetSessionsHandler implements RpcHandler {
  @Override
  public String handle(RpcCall call) {
    XmlBuilder x = new XmlBuilder().start("get-sessions");
    for (DeviceSession s : call.device().sessions()) {
      x.start("Session")
          .leaf("SessionID", Integer.toString(s.id()))
          .leaf("UserName", s.user())
          .end();
    }
    return x.end().toString();
  }
}
