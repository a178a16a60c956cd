package io.tenantfabric.southbound.session;

/** Optional edit-config parameters; a null component is omitted from the request. */
public record EditConfigOptions(
    DefaultOperation defaultOperation, TestOption testOption, ErrorOption errorOption) {

  private static final EditConfigOptions NONE = new EditConfigOptions(null, null, null);

  /** Every parameter omitted: the device's defaults (merge, test-then-set, stop-on-error). */
  public static EditConfigOptions defaults() {
    return NONE;
  }

  public EditConfigOptions withDefaultOperation(DefaultOperation op) {
    return new EditConfigOptions(op, testOption, errorOption);
  }

  public EditConfigOptions withTestOption(TestOption option) {
    return new EditConfigOptions(defaultOperation, option, errorOption);
  }

  public EditConfigOptions withErrorOption(ErrorOption option) {
    return new EditConfigOptions(defaultOperation, testOption, option);
  }
}
