package io.tenantfabric.southbound.session;

/** A NETCONF configuration datastore (RFC 6241 section 5.1); Comware has only RUNNING. */
public enum Datastore {
  RUNNING("running"),
  CANDIDATE("candidate"),
  STARTUP("startup");

  private final String elementName;

  Datastore(String elementName) {
    this.elementName = elementName;
  }

  /** The element name inside target/source, e.g. "running". */
  public String elementName() {
    return elementName;
  }
}
