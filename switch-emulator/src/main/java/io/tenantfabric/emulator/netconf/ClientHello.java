package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.datastore.Namespaces;
import io.tenantfabric.emulator.xml.SafeXml;
import io.tenantfabric.emulator.xml.XmlSyntaxException;
import java.util.List;
import org.w3c.dom.Element;

/**
 * The client's {@code <hello>} (RFC 6241 §8.1): whether both sides speak base:1.1, which switches
 * the session to chunked framing (RFC 6242 §4.1).
 */
record ClientHello(boolean chunked) {

  /** The hello was refused; RFC 6241 §8.1: the session ends. */
  static final class BadHelloException extends Exception {
    private static final long serialVersionUID = 1L;

    BadHelloException(String message) {
      super(message);
    }
  }

  /** Parses the first message of a session; {@code server11} is whether the server offered 1.1. */
  static ClientHello parse(String text, boolean server11) throws BadHelloException {
    Element root;
    try {
      root = SafeXml.parse(text).getDocumentElement();
    } catch (XmlSyntaxException e) {
      throw new BadHelloException("hello is not acceptable XML: " + e.getMessage());
    }
    if (!"hello".equals(root.getLocalName()) || !Namespaces.BASE.equals(root.getNamespaceURI())) {
      throw new BadHelloException("first message is not a hello");
    }
    if (SafeXml.child(root, "session-id") != null) {
      throw new BadHelloException("client hello carries a session-id");
    }
    boolean base10 = false;
    boolean base11 = false;
    Element caps = SafeXml.child(root, "capabilities");
    for (Element c : caps == null ? List.<Element>of() : SafeXml.children(caps)) {
      String uri = SafeXml.text(c);
      base10 |= Capabilities.BASE_10.equals(uri);
      base11 |= Capabilities.BASE_11.equals(uri);
    }
    boolean chunked = base11 && server11;
    if (!base10 && !chunked) {
      throw new BadHelloException("no common base capability");
    }
    return new ClientHello(chunked);
  }
}
