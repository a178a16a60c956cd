package io.tenantfabric.southbound.transaction;

import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.Rpcs;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Set;
import org.w3c.dom.Document;

/**
 * A real session that also writes down every RPC sent through it, in order, so that a test can tell
 * which RPCs a transaction sent (the switch stays the emulator): a typed operation by its method's
 * name ({@code lock}, {@code get}, {@code savePointEnd}), an rpc sent without waiting by {@code
 * send} and its operation ({@code send edit-config}, {@code send CLI/Configuration}, {@code send
 * save-point/begin}, {@code send get-config}).
 */
final class RecordingSession {
  private static final Set<String> NOT_RPCS =
      Set.of(
          "device",
          "sessionId",
          "serverCapabilities",
          "hasCapability",
          "isOpen",
          "rpcsSent",
          "close",
          "cut",
          "toString",
          "hashCode",
          "equals");

  private RecordingSession() {}

  /** {@code session} as is, appending each RPC's name to {@code calls}. */
  static NetconfSession wrap(NetconfSession session, List<String> calls) {
    return (NetconfSession)
        Proxy.newProxyInstance(
            NetconfSession.class.getClassLoader(),
            new Class<?>[] {NetconfSession.class},
            (proxy, method, args) -> {
              if (!NOT_RPCS.contains(method.getName())) {
                String name =
                    switch (method.getName()) {
                      case "send" -> "send " + Rpcs.describe((Document) args[0]);
                      case "call" -> Rpcs.describe((Document) args[0]);
                      default -> method.getName();
                    };
                synchronized (calls) {
                  calls.add(name);
                }
              }
              try {
                return method.invoke(session, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }
}
