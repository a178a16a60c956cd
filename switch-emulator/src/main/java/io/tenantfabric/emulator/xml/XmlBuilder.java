package io.tenantfabric.emulator.xml;

import java.util.ArrayDeque;
import java.util.Deque;

/** Streaming XML writer that escapes every text and attribute value it is given. */
public final class XmlBuilder {
  private final StringBuilder out = new StringBuilder(256);
  private final Deque<String> open = new ArrayDeque<>();
  private boolean startTagOpen;

  /** Opens an element. */
  public XmlBuilder start(String name) {
    closeStartTag();
    out.append('<').append(name);
    open.push(name);
    startTagOpen = true;
    return this;
  }

  /** Adds an attribute to the element just opened. */
  public XmlBuilder attr(String name, String value) {
    if (!startTagOpen) {
      throw new IllegalStateException("attribute outside a start tag");
    }
    out.append(' ').append(name).append("=\"").append(escape(value, true)).append('"');
    return this;
  }

  /** Adds escaped text content. */
  public XmlBuilder text(String value) {
    closeStartTag();
    out.append(escape(value, false));
    return this;
  }

  /** Adds text as a CDATA section (split where it would contain the CDATA end marker). */
  public XmlBuilder cdata(String value) {
    closeStartTag();
    out.append("<![CDATA[").append(value.replace("]]>", "]]]]><![CDATA[>")).append("]]>");
    return this;
  }

  /** Appends XML that is already well-formed (produced by another builder). */
  public XmlBuilder raw(String xml) {
    closeStartTag();
    out.append(xml);
    return this;
  }

  /** Writes {@code <name>text</name>}. */
  public XmlBuilder leaf(String name, String value) {
    return start(name).text(value).end();
  }

  /** Writes an empty element {@code <name/>}. */
  public XmlBuilder empty(String name) {
    return start(name).end();
  }

  /** Closes the innermost open element. */
  public XmlBuilder end() {
    String name = open.pop();
    if (startTagOpen) {
      out.append("/>");
      startTagOpen = false;
    } else {
      out.append("</").append(name).append('>');
    }
    return this;
  }

  private void closeStartTag() {
    if (startTagOpen) {
      out.append('>');
      startTagOpen = false;
    }
  }

  @Override
  public String toString() {
    if (!open.isEmpty()) {
      throw new IllegalStateException("unclosed elements " + open);
    }
    return out.toString();
  }

  /** XML-escapes a value; in attributes quotes are escaped too. */
  public static String escape(String s, boolean attribute) {
    // Most values need no escaping: returned as they are, without a copy (a read renders every
    // value of every selected row through here).
    if (!needsEscape(s, attribute)) {
      return s;
    }
    StringBuilder b = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append(attribute ? "&quot;" : "\"");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  private static boolean needsEscape(String s, boolean attribute) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '<' || c == '>' || c == '&' || (attribute && c == '"')) {
        return true;
      }
    }
    return false;
  }
}
