package io.tenantfabric.emulator.datastore;

import java.util.List;

/** An RPC that fails with one or more rpc-errors. */
public final class RpcException extends Exception {
  private static final long serialVersionUID = 1L;
  private final transient List<NetconfError> errors;

  public RpcException(NetconfError error) {
    this(List.of(error));
  }

  public RpcException(List<NetconfError> errors) {
    super(errors.isEmpty() ? "rpc-error" : errors.get(0).tag() + ": " + errors.get(0).message());
    this.errors = List.copyOf(errors);
  }

  public List<NetconfError> errors() {
    return errors;
  }
}
