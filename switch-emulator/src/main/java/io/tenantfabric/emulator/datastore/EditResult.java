package io.tenantfabric.emulator.datastore;

import java.util.List;

/**
 * The outcome of an edit: {@code result} is the store to make current (null = leave the target
 * unchanged); {@code errors} are reported to the client.
 */
public record EditResult(Datastore result, List<NetconfError> errors) {
  public EditResult {
    errors = List.copyOf(errors);
  }
}
