package io.tenantfabric.southbound.comware;

import org.w3c.dom.Attr;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/** Deterministic indented XML for golden files (two spaces, one element per line). */
final class PrettyXml {
  private PrettyXml() {}

  static String print(Element e) {
    StringBuilder b = new StringBuilder();
    print(e, 0, b);
    return b.toString();
  }

  private static void print(Element e, int depth, StringBuilder b) {
    b.append("  ".repeat(depth)).append('<').append(e.getTagName());
    NamedNodeMap attrs = e.getAttributes();
    for (int i = 0; i < attrs.getLength(); i++) {
      Attr a = (Attr) attrs.item(i);
      b.append(' ').append(a.getName()).append("=\"").append(escape(a.getValue())).append('"');
    }
    boolean hasElements = false;
    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
      hasElements |= n instanceof Element;
    }
    if (!hasElements) {
      String text = e.getTextContent();
      if (text.isEmpty()) {
        b.append("/>\n");
      } else {
        b.append('>').append(escape(text)).append("</").append(e.getTagName()).append(">\n");
      }
      return;
    }
    b.append(">\n");
    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element c) {
        print(c, depth + 1, b);
      }
    }
    b.append("  ".repeat(depth)).append("</").append(e.getTagName()).append(">\n");
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
