package io.tenantfabric.controller.audit;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Result of re-walking the audit chain: {@code ok} with the number of events checked, or the first
 * broken event with what was expected and what is stored.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record ChainVerification(
    boolean ok, long checked, Long lastId, String lastHash, BrokenEvent firstBroken) {

  /** The first event whose stored hash or link does not match. */
  record BrokenEvent(long id, String reason, String expectedHash, String storedHash) {}

  static ChainVerification intact(long checked, Long lastId, String lastHash) {
    return new ChainVerification(true, checked, lastId, lastHash, null);
  }

  static ChainVerification broken(long checked, BrokenEvent first) {
    return new ChainVerification(false, checked, null, null, first);
  }
}
