package io.tenantfabric.southbound.comware;

import io.tenantfabric.southbound.protocol.Namespaces;
import io.tenantfabric.southbound.protocol.SecureXml;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** Small DOM helpers: children inherit their parent's namespace; text is set, never spliced. */
final class Dom {
  static final String XMLNS = "http://www.w3.org/2000/xmlns/";

  private Dom() {}

  /** A new {@code <top>} in the given Comware namespace, with {@code xmlns:xc} declared. */
  static Element top(String namespace) {
    Document doc = SecureXml.newDocument();
    Element top = doc.createElementNS(namespace, "top");
    top.setAttributeNS(XMLNS, "xmlns", namespace);
    top.setAttributeNS(XMLNS, "xmlns:xc", Namespaces.BASE);
    doc.appendChild(top);
    return top;
  }

  /** Appends (or reuses, when {@code reuse}) a child element in the parent's namespace. */
  static Element child(Element parent, String name) {
    Element e = parent.getOwnerDocument().createElementNS(parent.getNamespaceURI(), name);
    parent.appendChild(e);
    return e;
  }

  /** The existing child of that name or a new one. */
  static Element childOnce(Element parent, String name) {
    return first(parent, name).orElseGet(() -> child(parent, name));
  }

  /** Appends a leaf with text content. */
  static Element leaf(Element parent, String name, String text) {
    Element e = child(parent, name);
    e.setTextContent(text);
    return e;
  }

  /** Sets xc:operation (base:1.0 namespace) on an element. */
  static Element operation(Element e, String op) {
    e.setAttributeNS(Namespaces.BASE, "xc:operation", op);
    return e;
  }

  /** Element children with this local name, in document order. */
  static List<Element> children(Element parent, String name) {
    List<Element> out = new ArrayList<>();
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && name.equals(localName(e))) {
        out.add(e);
      }
    }
    return out;
  }

  static Optional<Element> first(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && name.equals(localName(e))) {
        return Optional.of(e);
      }
    }
    return Optional.empty();
  }

  /** Follows a path of local names; empty when any step is missing. */
  static Optional<Element> path(Element from, String... names) {
    Optional<Element> cur = Optional.of(from);
    for (String n : names) {
      cur = cur.flatMap(e -> first(e, n));
    }
    return cur;
  }

  /** All elements at the end of a path (the last step may repeat). */
  static List<Element> rows(Element from, String... names) {
    Optional<Element> parent = Optional.of(from);
    for (int i = 0; i < names.length - 1; i++) {
      String n = names[i];
      parent = parent.flatMap(e -> first(e, n));
    }
    return parent.map(p -> children(p, names[names.length - 1])).orElse(List.of());
  }

  static Optional<String> text(Element parent, String name) {
    return first(parent, name).map(e -> e.getTextContent().strip());
  }

  static String localName(Element e) {
    return e.getLocalName() != null ? e.getLocalName() : e.getTagName();
  }
}
