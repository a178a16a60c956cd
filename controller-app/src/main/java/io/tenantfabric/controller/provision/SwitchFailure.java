package io.tenantfabric.controller.provision;

import io.tenantfabric.southbound.comware.CliRejectedException;
import io.tenantfabric.southbound.protocol.NetconfException;
import io.tenantfabric.southbound.protocol.NetconfRpcException;
import io.tenantfabric.southbound.protocol.RpcError;
import io.tenantfabric.southbound.transaction.DeviceTransactionException;
import io.tenantfabric.southbound.transaction.LockDeniedException;
import io.tenantfabric.southbound.transaction.VerificationFailedException;
import java.util.stream.Collectors;

/**
 * A switch's failure in a batch: its kind, the phase (connect, lock, edit, verify, confirm, ...)
 * and a message that quotes the device's own words where the device spoke.
 */
public record SwitchFailure(String switchName, FailureKind kind, String phase, String message) {

  /** Classifies {@code e}, thrown while changing {@code switchName} in {@code phase}. */
  public static SwitchFailure of(String switchName, String phase, RuntimeException e) {
    if (e instanceof LockDeniedException l) {
      return new SwitchFailure(switchName, FailureKind.LOCKED, "lock", l.getMessage());
    }
    if (e instanceof VerificationFailedException v) {
      return new SwitchFailure(
          switchName,
          FailureKind.DRIFT,
          "verify",
          "read-back differs: " + String.join("; ", v.differences()));
    }
    String where = e instanceof DeviceTransactionException d ? d.phase() : phase;
    NetconfRpcException rpc = causeOf(e, NetconfRpcException.class);
    if (rpc != null && !rpc.hasTag("lock-denied")) {
      return new SwitchFailure(switchName, FailureKind.REJECTED, where, deviceWords(rpc));
    }
    CliRejectedException cli = causeOf(e, CliRejectedException.class);
    if (cli != null) {
      return new SwitchFailure(
          switchName,
          FailureKind.REJECTED,
          where,
          cli.errors().stream()
              .map(c -> c.deviceText().strip() + " (command: " + c.command() + ")")
              .collect(Collectors.joining("; ")));
    }
    if (e instanceof NetconfException || causeOf(e, NetconfException.class) != null) {
      return new SwitchFailure(switchName, FailureKind.UNREACHABLE, where, message(e));
    }
    return new SwitchFailure(switchName, FailureKind.INTERNAL, where, message(e));
  }

  private static String deviceWords(NetconfRpcException e) {
    return e.errors().stream()
        .filter(RpcError::isError)
        .map(
            r ->
                (r.message() == null || r.message().isBlank() ? r.tag() : r.message().strip())
                    + " (error-tag "
                    + r.tag()
                    + (r.path() == null ? "" : ", path " + r.path())
                    + ")")
        .collect(Collectors.joining("; "));
  }

  private static String message(Throwable e) {
    StringBuilder b = new StringBuilder();
    for (Throwable t = e;
        t != null && b.length() < 1000;
        t = t.getCause() == t ? null : t.getCause()) {
      if (t.getMessage() != null && b.indexOf(t.getMessage()) < 0) {
        if (b.length() > 0) {
          b.append(": ");
        }
        b.append(t.getMessage());
      }
    }
    return b.length() == 0 ? e.getClass().getSimpleName() : b.toString();
  }

  private static <T extends Throwable> T causeOf(Throwable e, Class<T> type) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }
}
