package io.tenantfabric.southbound.protocol;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** Builds {@code <rpc>} envelopes and reads rpc-replies; everything goes through SecureXml. */
public final class Messages {

  private Messages() {}

  /**
   * Wraps one operation element, given as XML text, in {@code <rpc xmlns=base:1.0>}; unprefixed
   * elements without their own xmlns land in the base namespace, as in a hand-written rpc.
   */
  public static Document rpc(String operationXml) {
    Document doc =
        SecureXml.parse("<rpc xmlns=\"" + Namespaces.BASE + "\">" + operationXml + "</rpc>");
    requireSingleOperation(doc.getDocumentElement());
    return doc;
  }

  /**
   * The bytes of an rpc around operation text that {@link #rpc(String)} has already proven to be
   * one well-formed element; skips printing a DOM again (message-id must be a number).
   */
  public static byte[] encodeValidated(String operationXml, String messageId) {
    if (!messageId.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new IllegalArgumentException("message-id must be numeric: " + messageId);
    }
    return ("<rpc xmlns=\""
            + Namespaces.BASE
            + "\" message-id=\""
            + messageId
            + "\">"
            + operationXml
            + "</rpc>")
        .getBytes(StandardCharsets.UTF_8);
  }

  /** Wraps an operation element built elsewhere in {@code <rpc>}. */
  public static Document rpc(Element operation) {
    Document doc = SecureXml.newDocument();
    Element rpc = doc.createElementNS(Namespaces.BASE, "rpc");
    doc.appendChild(rpc);
    rpc.appendChild(doc.importNode(operation, true));
    return doc;
  }

  /** Sets the message-id and prints the rpc (RFC 6241 section 4.1: message-id is mandatory). */
  public static byte[] encode(Document rpc, String messageId) {
    rpc.getDocumentElement().setAttribute("message-id", messageId);
    return SecureXml.toBytes(rpc);
  }

  /** The local name of the operation inside an rpc, for logs and timeouts. */
  public static String operationName(Document rpc) {
    Element op = firstElement(rpc.getDocumentElement());
    return op == null ? "rpc" : op.getLocalName();
  }

  /** Parses a received message and returns its root element. */
  public static Element parse(byte[] message) {
    return SecureXml.parse(stripLeadingWhitespace(message)).getDocumentElement();
  }

  /** Some servers put a newline between messages; an XML declaration must come first. */
  public static byte[] stripLeadingWhitespace(byte[] message) {
    int i = 0;
    while (i < message.length
        && (message[i] == ' ' || message[i] == '\n' || message[i] == '\r' || message[i] == '\t')) {
      i++;
    }
    return i == 0 ? message : Arrays.copyOfRange(message, i, message.length);
  }

  /** The first child element, or null. */
  public static Element firstElement(Node parent) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e) {
        return e;
      }
    }
    return null;
  }

  /** The first child element with this local name in the base namespace, or null. */
  public static Element child(Element parent, String localName) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e
          && localName.equals(e.getLocalName())
          && Namespaces.BASE.equals(e.getNamespaceURI())) {
        return e;
      }
    }
    return null;
  }

  private static void requireSingleOperation(Element rpc) {
    int elements = 0;
    for (Node n = rpc.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element) {
        elements++;
      } else if (n.getNodeType() == Node.TEXT_NODE && !n.getTextContent().isBlank()) {
        throw new IllegalArgumentException("text outside the operation element");
      }
    }
    if (elements != 1) {
      throw new IllegalArgumentException("an rpc carries exactly one operation, got " + elements);
    }
  }
}
