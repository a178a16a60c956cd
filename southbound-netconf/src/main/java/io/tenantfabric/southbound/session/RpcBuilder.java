package io.tenantfabric.southbound.session;

import io.tenantfabric.southbound.protocol.Namespaces;
import io.tenantfabric.southbound.protocol.SecureXml;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** Builds one {@code <rpc>} document with DOM, so values are always escaped. */
final class RpcBuilder {

  private final Document doc;
  private final Element operation;

  private RpcBuilder(String operationName) {
    doc = SecureXml.newDocument();
    Element rpc = doc.createElementNS(Namespaces.BASE, "rpc");
    doc.appendChild(rpc);
    operation = doc.createElementNS(Namespaces.BASE, operationName);
    rpc.appendChild(operation);
  }

  static RpcBuilder operation(String name) {
    return new RpcBuilder(name);
  }

  Element operation() {
    return operation;
  }

  Element add(Element parent, String name) {
    Element e = doc.createElementNS(Namespaces.BASE, name);
    parent.appendChild(e);
    return e;
  }

  Element add(Element parent, String name, String text) {
    Element e = add(parent, name);
    e.setTextContent(text);
    return e;
  }

  /** {@code <target><running/></target>} and the like. */
  Element datastore(Element parent, String wrapper, Datastore datastore) {
    Element w = add(parent, wrapper);
    add(w, datastore.elementName());
    return w;
  }

  /**
   * Parses caller XML as the content of a base-namespace element {@code wrapper} (so unprefixed
   * elements default to base:1.0 as inside a hand-written rpc; xc is bound to base:1.0) and appends
   * that element with extra attributes.
   */
  Element fragment(Element parent, String wrapper, String xml, String... attributes) {
    Document parsed =
        SecureXml.parse(
            "<"
                + wrapper
                + " xmlns=\""
                + Namespaces.BASE
                + "\" xmlns:xc=\""
                + Namespaces.BASE
                + "\">"
                + xml
                + "</"
                + wrapper
                + ">");
    Node imported = doc.importNode(parsed.getDocumentElement(), true);
    Element e = (Element) imported;
    for (int i = 0; i + 1 < attributes.length; i += 2) {
      e.setAttribute(attributes[i], attributes[i + 1]);
    }
    parent.appendChild(e);
    return e;
  }

  /**
   * Appends {@code <wrapper>} (base:1.0) holding a copy of {@code content}, an element built with
   * its own namespaces declared (as the Comware driver's {@code <top>} is): no printing and
   * re-parsing on the way.
   */
  Element content(Element parent, String wrapper, Element content, String... attributes) {
    Element e = add(parent, wrapper);
    for (int i = 0; i + 1 < attributes.length; i += 2) {
      e.setAttribute(attributes[i], attributes[i + 1]);
    }
    e.appendChild(doc.importNode(content, true));
    return e;
  }

  Document document() {
    return doc;
  }
}
