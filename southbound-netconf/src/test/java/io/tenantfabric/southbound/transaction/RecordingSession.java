package io.tenantfabric.southbound.transaction;

import io.tenantfabric.southbound.session.NetconfSession;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;

/**
 * A real session that also writes down the name of every operation called on it, in order, so that
 * a test can tell which RPCs a transaction sent (the switch stays the emulator).
 */
final class RecordingSession {
  private RecordingSession() {}

  /** {@code session} as is, appending each called method's name to {@code calls}. */
  static NetconfSession wrap(NetconfSession session, List<String> calls) {
    return (NetconfSession)
        Proxy.newProxyInstance(
            NetconfSession.class.getClassLoader(),
            new Class<?>[] {NetconfSession.class},
            (proxy, method, args) -> {
              synchronized (calls) {
                calls.add(method.getName());
              }
              try {
                return method.invoke(session, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }
}
