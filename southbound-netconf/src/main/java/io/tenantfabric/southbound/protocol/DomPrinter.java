package io.tenantfabric.southbound.protocol;

import java.util.ArrayList;
import java.util.List;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * Prints the element trees this module builds (elements, attributes, plain text) byte for byte as
 * the JDK's identity transformer prints them, without the transformer's set-up at every call, which
 * made it a large part of the CPU spent sending rpcs
 * (docs/perf/printing-rpcs-and-comparing-ports.md). Namespace declarations go where the transformer
 * puts them: an element's own {@code xmlns} attributes first, then its attributes (each after the
 * declaration of its prefix, when needed), then the declaration of the element's own namespace
 * (first of all on the printed root when it has no other attributes), each only when the prefix is
 * not already bound to that namespace in scope.
 *
 * <p>Anything else (comments, CDATA, processing instructions, control characters, surrogate pairs,
 * text with a carriage return) answers null, and {@link SecureXml} lets the transformer print that
 * tree, so the printer never has to guess how the transformer escapes it. {@code DomPrinterTest}
 * compares the two on every rpc the module builds and on random trees.
 */
final class DomPrinter {

  private static final String XMLNS_URI = "http://www.w3.org/2000/xmlns/";
  private static final String LINE_SEPARATOR = System.lineSeparator();

  /** Thrown inside to give up on a tree; never escapes this class. */
  private static final class Unsupported extends RuntimeException {

    private static final long serialVersionUID = 1L;

    Unsupported() {
      super(null, null, false, false);
    }
  }

  private static final Unsupported UNSUPPORTED = new Unsupported();

  /** A prefix bound to a namespace by the element at {@code depth}. */
  private record Binding(String prefix, String namespace, int depth) {}

  /** The prefixes bound in scope, innermost last. */
  private final List<Binding> bindings = new ArrayList<>();

  private final StringBuilder out = new StringBuilder(512);
  private int depth;

  private DomPrinter() {}

  /** The tree printed as the identity transformer prints it, or null if it is not one handled. */
  static String print(Node node) {
    Element root;
    if (node instanceof Document doc) {
      root = doc.getDocumentElement();
      if (root == null || doc.getFirstChild() != root || root.getNextSibling() != null) {
        return null; // a comment or instruction beside the root: the transformer's business
      }
    } else if (node instanceof Element e) {
      root = e;
    } else {
      return null;
    }
    DomPrinter printer = new DomPrinter();
    try {
      printer.element(root);
    } catch (Unsupported unsupported) {
      return null;
    }
    return printer.out.toString();
  }

  private void element(Element e) {
    depth++;
    String qname = e.getNodeName();
    out.append('<').append(qname);
    NamedNodeMap attributes = e.getAttributes();
    int n = attributes.getLength();
    String uri = e.getNamespaceURI();
    int colon = qname.indexOf(':');
    String prefix = colon > 0 ? qname.substring(0, colon) : "";
    // the transformer declares the root's own namespace first when it has no other attributes
    boolean ownFirst = depth == 1 && onlyDeclarations(attributes);
    if (ownFirst) {
      declare(prefix, uri == null ? "" : uri);
    }
    for (int i = 0; i < n; i++) { // its own declarations
      Attr a = (Attr) attributes.item(i);
      String name = a.getName();
      if (name.startsWith("xmlns")) {
        int declared = name.lastIndexOf(':');
        declare(declared > 0 ? name.substring(declared + 1) : "", a.getValue());
      }
    }
    for (int i = 0; i < n; i++) {
      Attr a = (Attr) attributes.item(i);
      String name = a.getName();
      if (name.startsWith("xmlns")) {
        continue;
      }
      String attributeUri = a.getNamespaceURI();
      if (attributeUri != null && !attributeUri.isEmpty()) {
        int attributeColon = name.indexOf(':');
        if (attributeColon <= 0 || XMLNS_URI.equals(attributeUri) || depth == 1) {
          // a namespaced attribute without a prefix (the transformer makes one), or on the printed
          // root, where the transformer's order of declarations follows rules of its own
          throw UNSUPPORTED;
        }
        declare(name.substring(0, attributeColon), attributeUri);
      }
      out.append(' ').append(name).append("=\"");
      attributeValue(a.getValue());
      out.append('"');
    }
    if (!ownFirst) { // then the element's own namespace, after its attributes
      declare(prefix, uri == null ? "" : uri);
    }
    Node child = e.getFirstChild();
    if (child == null) {
      out.append("/>");
    } else {
      out.append('>');
      for (; child != null; child = child.getNextSibling()) {
        switch (child.getNodeType()) {
          case Node.ELEMENT_NODE -> element((Element) child);
          case Node.TEXT_NODE -> text(child.getNodeValue());
          default -> throw UNSUPPORTED;
        }
      }
      out.append("</").append(qname).append('>');
    }
    unbind();
    depth--;
  }

  private static boolean onlyDeclarations(NamedNodeMap attributes) {
    for (int i = 0; i < attributes.getLength(); i++) {
      if (!((Attr) attributes.item(i)).getName().startsWith("xmlns")) {
        return false;
      }
    }
    return true;
  }

  /** Binds {@code prefix} to {@code uri} here and prints its declaration, unless in scope. */
  private void declare(String prefix, String uri) {
    if (uri.equals(lookup(prefix))) {
      return;
    }
    if (prefix.equals("xml")
        || prefix.equals("xmlns")
        || (uri.isEmpty() && !prefix.isEmpty())
        || boundHere(prefix)) {
      // a prefix bound twice on one element or to no namespace: the transformer's business
      throw UNSUPPORTED;
    }
    bindings.add(new Binding(prefix, uri, depth));
    out.append(prefix.isEmpty() ? " xmlns" : " xmlns:").append(prefix).append("=\"");
    attributeValue(uri);
    out.append('"');
  }

  /** The namespace {@code prefix} is bound to in scope; the default namespace is "" at first. */
  private String lookup(String prefix) {
    for (int i = bindings.size() - 1; i >= 0; i--) {
      if (bindings.get(i).prefix().equals(prefix)) {
        return bindings.get(i).namespace();
      }
    }
    return prefix.isEmpty() ? "" : null;
  }

  private boolean boundHere(String prefix) {
    for (int i = bindings.size() - 1; i >= 0 && bindings.get(i).depth() == depth; i--) {
      if (bindings.get(i).prefix().equals(prefix)) {
        return true;
      }
    }
    return false;
  }

  private void unbind() {
    for (int i = bindings.size() - 1; i >= 0 && bindings.get(i).depth() == depth; i--) {
      bindings.remove(i);
    }
  }

  private void text(String s) {
    if (s.isEmpty()) {
      throw UNSUPPORTED;
    }
    escape(s, false);
  }

  private void attributeValue(String s) {
    escape(s, true);
  }

  /** Text or an attribute's value, escaped as the transformer escapes it. */
  private void escape(String s, boolean attribute) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '&' -> out.append("&amp;");
        case '"' -> out.append(attribute ? "&quot;" : "\"");
        case '\n', '\t' -> {
          if (attribute) {
            throw UNSUPPORTED; // the transformer writes a character reference there
          }
          out.append(c == '\n' ? LINE_SEPARATOR : "\t");
        }
        default -> out.append(plain(c));
      }
    }
  }

  /** A character printed as itself by the transformer; anything it might escape gives up. */
  private static char plain(char c) {
    if (c < 0x20 || (c >= 0x7F && c <= 0x9F) || Character.isSurrogate(c) || c >= 0xFFFE) {
      throw UNSUPPORTED;
    }
    return c;
  }
}
