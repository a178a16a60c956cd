package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.datastore.Namespaces;
import io.tenantfabric.emulator.datastore.NetconfError;
import io.tenantfabric.emulator.datastore.ReadRequest;
import io.tenantfabric.emulator.datastore.RpcException;
import io.tenantfabric.emulator.datastore.SubtreeReader;
import io.tenantfabric.emulator.device.Target;
import io.tenantfabric.emulator.xml.SafeXml;
import java.util.List;
import org.w3c.dom.Element;

/**
 * get, get-config, get-bulk and get-bulk-config: subtree filter, reply in the namespace the request
 * used (data:1.0 for get, config:1.0 for get-config by default).
 */
final class GetHandler implements RpcHandler {
  private final boolean config;
  private final boolean bulk;

  GetHandler(boolean config, boolean bulk) {
    this.config = config;
    this.bulk = bulk;
  }

  @Override
  public String handle(RpcCall call) throws RpcException {
    Target source = config ? Args.datastore(call, "source", true) : Target.RUNNING;
    Element filter = SafeXml.child(call.operation(), "filter");
    String ns = config ? Namespaces.CONFIG : Namespaces.DATA;
    List<Element> tops = null;
    if (filter != null) {
      String type = filter.getAttribute("type");
      if (!type.isEmpty() && !type.equals("subtree")) {
        throw new RpcException(
            NetconfError.protocol("operation-not-supported", "Only subtree filters are supported.")
                .withInfo("bad-attribute", "type")
                .withInfo("bad-element", "filter"));
      }
      tops = SafeXml.children(filter);
      if (tops.isEmpty()) {
        return Replies.data("");
      }
      String requested = tops.get(0).getNamespaceURI();
      if (Namespaces.isTop(requested)) {
        ns = requested;
      }
    }
    ReadRequest request = new ReadRequest(!config, bulk, ns, call.device().refusedModules());
    String filterPath = call.path() + "/filter[1]";
    if (!config) {
      // State data (cables, LLDP, clock, identity) is written into a private copy of running,
      // which is then read outside the device monitor like a snapshot.
      return Replies.data(
          SubtreeReader.read(
              call.device().stateView(tops == null || namesModule(tops, "LLDP")),
              tops,
              request,
              filterPath));
    }
    if (tops != null && SubtreeReader.usesRegExp(tops)) {
      // Matching may use up its CPU budget: on a snapshot, outside the device monitor, so that
      // edits, other sessions, the control API and stop never wait for it.
      return Replies.data(
          SubtreeReader.read(call.device().snapshot(source), tops, request, filterPath));
    }
    // Any other filter costs time linear in the filter and the datastore, and is cheaper than the
    // copy would be: these read under the monitor.
    synchronized (call.device()) {
      return Replies.data(
          SubtreeReader.read(call.device().datastore(source), tops, request, filterPath));
    }
  }

  /** True when a {@code <top>} of the filter has {@code module} as a child. */
  private static boolean namesModule(List<Element> tops, String module) {
    for (Element top : tops) {
      for (Element m : SafeXml.children(top)) {
        if (module.equals(m.getLocalName())) {
          return true;
        }
      }
    }
    return false;
  }
}
