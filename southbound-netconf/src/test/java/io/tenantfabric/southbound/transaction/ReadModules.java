package io.tenantfabric.southbound.transaction;

import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.Rpcs;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * A real session that also writes down, for every get-config sent through it, the modules its
 * subtree filter names (the children of its {@code <top>}), so that a test can tell what a read
 * asked the switch for.
 */
final class ReadModules {
  private ReadModules() {}

  /** {@code session} as is, appending each get-config's modules to {@code reads}. */
  static NetconfSession wrap(NetconfSession session, List<List<String>> reads) {
    return (NetconfSession)
        Proxy.newProxyInstance(
            NetconfSession.class.getClassLoader(),
            new Class<?>[] {NetconfSession.class},
            (proxy, method, args) -> {
              if ((method.getName().equals("send") || method.getName().equals("call"))
                  && args[0] instanceof Document rpc
                  && Rpcs.describe(rpc).equals("get-config")) {
                reads.add(modules(rpc));
              }
              try {
                return method.invoke(session, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  private static List<String> modules(Document rpc) {
    List<String> out = new ArrayList<>();
    NodeList tops = rpc.getElementsByTagNameNS("*", "top");
    for (int i = 0; i < tops.getLength(); i++) {
      for (Node n = tops.item(i).getFirstChild(); n != null; n = n.getNextSibling()) {
        if (n instanceof Element e) {
          out.add(e.getLocalName());
        }
      }
    }
    return out;
  }
}
