package io.tenantfabric.controller.provision;

import java.util.List;

/**
 * What a batch did: the switches that confirmed, the switches that failed (in prepare or confirm,
 * classified), and the switches that prepared fine but were rolled back because another failed.
 * {@code batchId} is the recorded batch (null when no switch got as far as confirming).
 */
record BatchResult(
    Long batchId,
    List<SwitchChange> confirmed,
    List<SwitchFailure> failures,
    List<String> rolledBack) {

  BatchResult {
    confirmed = List.copyOf(confirmed);
    failures = List.copyOf(failures);
    rolledBack = List.copyOf(rolledBack);
  }
}
