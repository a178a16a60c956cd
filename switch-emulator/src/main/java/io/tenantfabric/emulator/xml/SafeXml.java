package io.tenantfabric.emulator.xml;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * Namespace-aware DOM parsing with DOCTYPEs, external entities and XInclude all refused, and with
 * limits on nesting depth, element count and attributes, so that no message can build a DOM that
 * overflows a stack or fills the heap.
 */
public final class SafeXml {
  /**
   * Nesting depth, as the controller's parser allows: Comware XML is about 10 deep; a DOM walked
   * recursively (getTextContent, the subtree filter) needs a stack frame or more per level.
   */
  public static final int MAX_DEPTH = 256;

  /**
   * Elements per message: a leaf's whole configuration is a few thousand. 100,000 keeps one DOM at
   * a few MiB, where an 8 MiB message of {@code <a/>} would otherwise make two million nodes.
   */
  public static final int MAX_ELEMENTS = 100_000;

  /** Attributes per element: an {@code <rpc>} carries a message-id and a few namespaces. */
  public static final int MAX_ATTRIBUTES = 64;

  private static final DocumentBuilderFactory FACTORY = factory();
  // a builder per thread, reset before each parse: a new one per RPC would set up the factory's
  // security manager and limits every time, on the CPU every emulated switch shares
  private static final ThreadLocal<DocumentBuilder> BUILDER =
      ThreadLocal.withInitial(SafeXml::newBuilder);

  private SafeXml() {}

  private static DocumentBuilderFactory factory() {
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setNamespaceAware(true);
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      f.setFeature("http://xml.org/sax/features/external-general-entities", false);
      f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
      f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
      f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
      f.setXIncludeAware(false);
      f.setExpandEntityReferences(false);
      // JDK limits, set explicitly (0 would mean unlimited); the entity ones are belt and braces
      // should a DOCTYPE ever get through, as in the controller's SecureXml.
      f.setAttribute("jdk.xml.maxElementDepth", Integer.toString(MAX_DEPTH));
      f.setAttribute("jdk.xml.elementAttributeLimit", Integer.toString(MAX_ATTRIBUTES));
      f.setAttribute("jdk.xml.entityExpansionLimit", "64");
      f.setAttribute("jdk.xml.maxGeneralEntitySizeLimit", "65536");
      return f;
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("JDK XML parser lacks a required security feature", e);
    }
  }

  /**
   * Parses {@code xml}; throws {@link XmlLimitException} for a document beyond the limits above and
   * {@link XmlSyntaxException} for anything else that is not well-formed.
   */
  public static Document parse(String xml) throws XmlSyntaxException {
    int elements = startTags(xml);
    if (elements > MAX_ELEMENTS) {
      throw new XmlLimitException(
          "more than " + MAX_ELEMENTS + " elements (" + elements + " start tags)", null);
    }
    try {
      DocumentBuilder builder = BUILDER.get();
      builder.reset();
      builder.setErrorHandler(null);
      return builder.parse(new InputSource(new StringReader(xml)));
    } catch (SAXException e) {
      // The JDK's limit errors carry codes JAXP00010001..8 ("JAXP00010006: The element "a" has a
      // depth of "257" that exceeds the limit "256" set by "maxElementDepth".").
      if (e.getMessage() != null && e.getMessage().contains("JAXP0001")) {
        throw new XmlLimitException(e.getMessage(), e);
      }
      throw new XmlSyntaxException(e.getMessage(), e);
    } catch (IOException e) {
      throw new XmlSyntaxException(e.getMessage(), e);
    }
  }

  private static DocumentBuilder newBuilder() {
    try {
      return FACTORY.newDocumentBuilder();
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("cannot create a hardened XML parser", e);
    }
  }

  /**
   * An upper bound on the number of elements, counted before a DOM is built: every '<' not followed
   * by '/', '!' or '?' (so a '<' inside CDATA or a comment counts too, erring on the safe side).
   */
  static int startTags(String xml) {
    int n = 0;
    for (int i = xml.indexOf('<'); i >= 0 && i + 1 < xml.length(); i = xml.indexOf('<', i + 1)) {
      char next = xml.charAt(i + 1);
      if (next != '/' && next != '!' && next != '?') {
        n++;
      }
    }
    return n;
  }

  /** Child elements of {@code parent} in document order. */
  public static List<Element> children(Node parent) {
    List<Element> out = new ArrayList<>();
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e) {
        out.add(e);
      }
    }
    return out;
  }

  /** The first child element with local name {@code name} in any namespace, or null. */
  public static Element child(Node parent, String name) {
    for (Element e : children(parent)) {
      if (name.equals(e.getLocalName())) {
        return e;
      }
    }
    return null;
  }

  /** The trimmed text of a leaf element. */
  public static String text(Element e) {
    return e.getTextContent() == null ? "" : e.getTextContent().trim();
  }

  /** True when the element has no child elements and no non-blank text. */
  public static boolean isEmptyLeaf(Element e) {
    return children(e).isEmpty() && text(e).isEmpty();
  }
}
