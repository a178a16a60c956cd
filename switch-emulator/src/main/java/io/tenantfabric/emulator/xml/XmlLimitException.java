package io.tenantfabric.emulator.xml;

/** The input is refused because it exceeds one of {@link SafeXml}'s size or nesting limits. */
public final class XmlLimitException extends XmlSyntaxException {
  private static final long serialVersionUID = 1L;

  public XmlLimitException(String message, Throwable cause) {
    super(message, cause);
  }
}
