package io.tenantfabric.southbound.transaction;

import java.util.List;

/** After the edits, the switch's running config read back differs from the target. */
public class VerificationFailedException extends DeviceTransactionException {

  private static final long serialVersionUID = 1L;
  private final List<String> differences;

  public VerificationFailedException(String device, List<String> differences) {
    super(
        device, "verify", "read-back differs from target: " + String.join("; ", differences), null);
    this.differences = List.copyOf(differences);
  }

  public List<String> differences() {
    return differences;
  }
}
