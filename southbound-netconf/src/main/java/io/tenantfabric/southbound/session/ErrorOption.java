package io.tenantfabric.southbound.session;

/** edit-config error-option (RFC 6241 section 7.2). */
public enum ErrorOption {
  STOP_ON_ERROR("stop-on-error"),
  CONTINUE_ON_ERROR("continue-on-error"),
  ROLLBACK_ON_ERROR("rollback-on-error");

  private final String xml;

  ErrorOption(String xml) {
    this.xml = xml;
  }

  public String xml() {
    return xml;
  }
}
