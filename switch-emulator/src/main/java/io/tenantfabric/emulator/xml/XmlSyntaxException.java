package io.tenantfabric.emulator.xml;

/** The input is not well-formed (or uses a refused construct such as a DOCTYPE). */
public class XmlSyntaxException extends Exception {
  private static final long serialVersionUID = 1L;

  public XmlSyntaxException(String message, Throwable cause) {
    super(message, cause);
  }
}
