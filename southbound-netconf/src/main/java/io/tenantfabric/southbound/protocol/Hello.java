package io.tenantfabric.southbound.protocol;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * A {@code <hello>} message (RFC 6241 section 8.1): capabilities and, from a server, session-id.
 */
public record Hello(Set<String> capabilities, Optional<String> sessionId) {

  public Hello {
    capabilities = Collections.unmodifiableSet(new LinkedHashSet<>(capabilities));
    sessionId = sessionId == null ? Optional.empty() : sessionId;
  }

  /** The client's hello: no session-id (RFC 6241 section 8.1). */
  public static Hello client(Set<String> capabilities) {
    return new Hello(capabilities, Optional.empty());
  }

  /** True if it lists this URI or a capability starting with it. */
  public boolean has(String uriPrefix) {
    for (String c : capabilities) {
      if (c.startsWith(uriPrefix)) {
        return true;
      }
    }
    return false;
  }

  /** Serialises this hello (without framing). */
  public byte[] toBytes() {
    Document doc = SecureXml.newDocument();
    Element hello = doc.createElementNS(Namespaces.BASE, "hello");
    doc.appendChild(hello);
    Element caps = doc.createElementNS(Namespaces.BASE, "capabilities");
    hello.appendChild(caps);
    for (String c : capabilities) {
      Element cap = doc.createElementNS(Namespaces.BASE, "capability");
      cap.setTextContent(c);
      caps.appendChild(cap);
    }
    sessionId.ifPresent(
        id -> {
          Element sid = doc.createElementNS(Namespaces.BASE, "session-id");
          sid.setTextContent(id);
          hello.appendChild(sid);
        });
    return SecureXml.toBytes(doc);
  }

  /**
   * Parses a server hello; it must be a base:1.0 {@code <hello>} with at least one base capability
   * and a positive session-id.
   */
  public static Hello parseServerHello(byte[] message) {
    Document doc = SecureXml.parse(Messages.stripLeadingWhitespace(message));
    Element root = doc.getDocumentElement();
    if (!"hello".equals(root.getLocalName()) || !Namespaces.BASE.equals(root.getNamespaceURI())) {
      throw new ProtocolViolationException(
          "expected a base:1.0 <hello>, got <" + root.getNodeName() + ">");
    }
    Set<String> caps = new LinkedHashSet<>();
    String sessionId = null;
    for (Node n = root.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (!(n instanceof Element e)) {
        continue;
      }
      if ("capabilities".equals(e.getLocalName())) {
        for (Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
          if (c instanceof Element ce && "capability".equals(ce.getLocalName())) {
            caps.add(ce.getTextContent().strip());
          }
        }
      } else if ("session-id".equals(e.getLocalName())) {
        sessionId = e.getTextContent().strip();
      }
    }
    if (!caps.contains(Capabilities.BASE_1_0) && !caps.contains(Capabilities.BASE_1_1)) {
      throw new ProtocolViolationException("server hello lists no base:1.0 or base:1.1 capability");
    }
    if (sessionId == null || !sessionId.matches("[1-9][0-9]{0,9}")) {
      throw new ProtocolViolationException("server hello lacks a valid session-id: " + sessionId);
    }
    return new Hello(caps, Optional.of(sessionId));
  }
}
