package io.tenantfabric.southbound.session;

/** edit-config default-operation (RFC 6241 section 7.2). */
public enum DefaultOperation {
  MERGE("merge"),
  REPLACE("replace"),
  NONE("none");

  private final String xml;

  DefaultOperation(String xml) {
    this.xml = xml;
  }

  public String xml() {
    return xml;
  }
}
