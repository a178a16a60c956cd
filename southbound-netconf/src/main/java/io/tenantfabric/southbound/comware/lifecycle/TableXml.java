package io.tenantfabric.southbound.comware.lifecycle;

import io.tenantfabric.southbound.protocol.SecureXml;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Builds {@code <get>} filters and reads Comware table replies leniently: any namespace (each brand
 * and each kind of reply has its own), element names matched whatever their case (recorded replies
 * spell one column {@code PortID} on one release and {@code PortId} on another), unknown elements
 * ignored.
 */
final class TableXml {
  private static final String XMLNS = "http://www.w3.org/2000/xmlns/";

  private TableXml() {}

  /** A new filter {@code <top>} in {@code namespace}. */
  static Element top(String namespace) {
    Document doc = SecureXml.newDocument();
    Element top = doc.createElementNS(namespace, "top");
    top.setAttributeNS(XMLNS, "xmlns", namespace);
    doc.appendChild(top);
    return top;
  }

  /** Appends a child in the parent's namespace. */
  static Element child(Element parent, String name) {
    Element e = parent.getOwnerDocument().createElementNS(parent.getNamespaceURI(), name);
    parent.appendChild(e);
    return e;
  }

  /** Appends the path of children below {@code parent}; returns the last one. */
  static Element path(Element parent, String... names) {
    Element e = parent;
    for (String n : names) {
      e = child(e, n);
    }
    return e;
  }

  /** Appends one empty selection child per column. */
  static void select(Element row, String... columns) {
    for (String c : columns) {
      child(row, c);
    }
  }

  /**
   * The {@code <top>} of a {@code <data>} (or of a whole reply, or the top itself); null when the
   * reply holds none, as an empty {@code <data/>} does.
   */
  static Element topOf(Element e) {
    if (is(e, "top")) {
      return e;
    }
    Optional<Element> top = first(e, "top");
    if (top.isPresent()) {
      return top.get();
    }
    return first(e, "data").map(TableXml::topOf).orElse(null);
  }

  /** Every element at the end of {@code path} below {@code top}; the last step may repeat. */
  static List<Element> rows(Element top, String... path) {
    if (top == null) {
      return List.of();
    }
    List<Element> level = List.of(top);
    for (String name : path) {
      List<Element> next = new ArrayList<>();
      for (Element e : level) {
        next.addAll(children(e, name));
      }
      level = next;
    }
    return level;
  }

  /** The first element at the end of {@code path}, if any. */
  static Optional<Element> row(Element top, String... path) {
    return rows(top, path).stream().findFirst();
  }

  /** A column's text, stripped; empty when the column is absent or blank. */
  static Optional<String> column(Element row, String name) {
    return first(row, name).map(e -> e.getTextContent().strip()).filter(s -> !s.isEmpty());
  }

  /** A column as an integer; empty when it is absent or not a number. */
  static Optional<Integer> integer(Element row, String name) {
    Optional<String> text = column(row, name);
    if (text.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(Integer.parseInt(text.get()));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> out = new ArrayList<>();
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && is(e, name)) {
        out.add(e);
      }
    }
    return out;
  }

  private static Optional<Element> first(Element parent, String name) {
    return children(parent, name).stream().findFirst();
  }

  private static boolean is(Element e, String name) {
    String local = e.getLocalName() != null ? e.getLocalName() : e.getTagName();
    return local.equalsIgnoreCase(name);
  }
}
