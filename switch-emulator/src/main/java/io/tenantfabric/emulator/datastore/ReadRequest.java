package io.tenantfabric.emulator.datastore;

import java.util.Set;

/**
 * What a retrieval returns: state columns ({@code get}) or config only ({@code get-config}); bulk
 * paging ({@code get-bulk}); the namespace of the reply's {@code <top>}; modules refused by a
 * fault.
 */
public record ReadRequest(
    boolean includeState, boolean bulk, String namespace, Set<String> refusedModules) {
  public ReadRequest {
    refusedModules = Set.copyOf(refusedModules);
  }
}
