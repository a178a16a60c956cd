package io.tenantfabric.southbound.session;

/** edit-config test-option (RFC 6241 section 7.2, :validate:1.1). */
public enum TestOption {
  TEST_THEN_SET("test-then-set"),
  SET("set"),
  TEST_ONLY("test-only");

  private final String xml;

  TestOption(String xml) {
    this.xml = xml;
  }

  public String xml() {
    return xml;
  }
}
