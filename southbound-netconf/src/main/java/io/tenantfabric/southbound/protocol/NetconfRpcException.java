package io.tenantfabric.southbound.protocol;

import java.util.List;
import java.util.stream.Collectors;

/** The device answered an RPC with one or more rpc-errors of severity error. */
public class NetconfRpcException extends NetconfException {

  private static final long serialVersionUID = 1L;

  private final List<RpcError> errors;

  public NetconfRpcException(String device, List<RpcError> errors) {
    super(device, errors.stream().map(RpcError::describe).collect(Collectors.joining("; ")));
    this.errors = List.copyOf(errors);
  }

  /** Every rpc-error of the reply, warnings included, in document order. */
  public List<RpcError> errors() {
    return errors;
  }

  /** True if any error carries this error-tag, e.g. "lock-denied". */
  public boolean hasTag(String tag) {
    return errors.stream().anyMatch(e -> e.tag().equals(tag));
  }
}
