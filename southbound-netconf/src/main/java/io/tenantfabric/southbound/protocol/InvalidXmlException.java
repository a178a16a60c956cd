package io.tenantfabric.southbound.protocol;

/** Text that is not well-formed XML, or that uses a DTD, entity or external reference. */
public class InvalidXmlException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public InvalidXmlException(String message, Throwable cause) {
    super(message, cause);
  }
}
