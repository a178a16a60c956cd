package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.datastore.NetconfError;
import io.tenantfabric.emulator.datastore.RpcException;
import java.util.HashMap;
import java.util.Map;

/**
 * Operation name to handler, per profile; anything else is Comware's unknown-element under /rpc.
 */
final class RpcDispatcher {
  private static final Map<String, RpcHandler> COMMON = common();
  private static final Map<String, RpcHandler> COMWARE = comware();
  private static final Map<String, RpcHandler> RFC = rfc();

  private RpcDispatcher() {}

  private static Map<String, RpcHandler> common() {
    Map<String, RpcHandler> m = new HashMap<>();
    m.put("get", new GetHandler(false, false));
    m.put("get-config", new GetHandler(true, false));
    m.put("get-bulk", new GetHandler(false, true));
    m.put("get-bulk-config", new GetHandler(true, true));
    m.put("edit-config", new EditConfigHandler());
    m.put("lock", new LockHandler(true));
    m.put("unlock", new LockHandler(false));
    m.put("close-session", new CloseSessionHandler());
    m.put("kill-session", new KillSessionHandler());
    m.put("validate", new ValidateHandler());
    m.put("CLI", new CliHandler());
    m.put("save", new FileHandler(FileHandler.Kind.SAVE));
    m.put("rollback", new FileHandler(FileHandler.Kind.ROLLBACK));
    m.put("load", new FileHandler(FileHandler.Kind.LOAD));
    m.put("get-sessions", new GetSessionsHandler());
    return m;
  }

  private static Map<String, RpcHandler> comware() {
    Map<String, RpcHandler> m = new HashMap<>(COMMON);
    m.put("save-point", new SavePointHandler());
    return m;
  }

  private static Map<String, RpcHandler> rfc() {
    Map<String, RpcHandler> m = new HashMap<>(COMMON);
    m.put("commit", new CommitHandler());
    m.put("cancel-commit", new CancelCommitHandler());
    m.put("discard-changes", new DiscardChangesHandler());
    return m;
  }

  static String dispatch(RpcCall call) throws RpcException {
    var op = call.operation();
    Map<String, RpcHandler> table = call.device().profile() == Profile.COMWARE7 ? COMWARE : RFC;
    RpcHandler h = Args.isBase(op) ? table.get(op.getLocalName()) : null;
    if (h == null) {
      throw new RpcException(
          NetconfError.unknownElement("rpc", op.getNamespaceURI(), op.getLocalName(), "/rpc"));
    }
    return h.handle(call);
  }
}
