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

/** Namespace-aware DOM parsing with DOCTYPEs, external entities and XInclude all refused. */
public final class SafeXml {
  private static final DocumentBuilderFactory FACTORY = factory();

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
      return f;
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("JDK XML parser lacks a required security feature", e);
    }
  }

  /** Parses {@code xml}; throws {@link XmlSyntaxException} for anything that is not well-formed. */
  public static Document parse(String xml) throws XmlSyntaxException {
    try {
      DocumentBuilder builder = FACTORY.newDocumentBuilder();
      builder.setErrorHandler(null);
      return builder.parse(new InputSource(new StringReader(xml)));
    } catch (SAXException | IOException | ParserConfigurationException e) {
      throw new XmlSyntaxException(e.getMessage(), e);
    }
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
