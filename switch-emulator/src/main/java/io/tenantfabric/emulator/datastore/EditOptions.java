package io.tenantfabric.emulator.datastore;

/** edit-config parameters (RFC 6241 §7.2): default-operation, test-option, error-option. */
public record EditOptions(
    EditOperation defaultOperation, TestOption testOption, ErrorOption errorOption) {

  /** test-option values. */
  public enum TestOption {
    TEST_THEN_SET,
    SET,
    TEST_ONLY
  }

  /** error-option values. */
  public enum ErrorOption {
    STOP_ON_ERROR,
    CONTINUE_ON_ERROR,
    ROLLBACK_ON_ERROR
  }

  /** merge, test-then-set, stop-on-error. */
  public static EditOptions defaults() {
    return new EditOptions(
        EditOperation.MERGE, TestOption.TEST_THEN_SET, ErrorOption.STOP_ON_ERROR);
  }
}
