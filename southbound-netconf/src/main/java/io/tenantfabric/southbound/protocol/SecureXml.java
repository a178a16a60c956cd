package io.tenantfabric.southbound.protocol;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerConfigurationException;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Node;
import org.xml.sax.EntityResolver;
import org.xml.sax.ErrorHandler;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * The only way this module parses or prints XML: namespace aware, DOCTYPE refused (so no XXE and no
 * entity expansion), no external DTD, schema or stylesheet access, secure processing on.
 */
public final class SecureXml {

  private static final DocumentBuilderFactory FACTORY = newFactory();
  private static final TransformerFactory TRANSFORMERS = newTransformerFactory();
  private static final ThreadLocal<DocumentBuilder> BUILDER =
      ThreadLocal.withInitial(SecureXml::newBuilder);
  private static final ThreadLocal<Transformer> PRINTER =
      ThreadLocal.withInitial(SecureXml::newPrinter);

  private SecureXml() {}

  /**
   * An empty document to build a message in, from this thread's builder: a new builder per message
   * would cost a factory round on every RPC sent (a document made this way shares nothing with the
   * builder's later parses).
   */
  public static Document newDocument() {
    return BUILDER.get().newDocument();
  }

  /** Parses a complete document; throws InvalidXmlException on malformed or DTD-bearing input. */
  public static Document parse(String xml) {
    return parse(new InputSource(new StringReader(xml)));
  }

  /** Parses a complete document given as bytes (encoding from the XML declaration, else UTF-8). */
  public static Document parse(byte[] xml) {
    return parse(new InputSource(new ByteArrayInputStream(xml)));
  }

  private static Document parse(InputSource source) {
    DocumentBuilder builder = BUILDER.get();
    builder.reset();
    builder.setErrorHandler(THROWING);
    builder.setEntityResolver(REFUSE_ENTITIES);
    try {
      return builder.parse(source);
    } catch (SAXException e) {
      throw new InvalidXmlException("refused XML: " + e.getMessage(), e);
    } catch (IOException e) {
      throw new InvalidXmlException("unreadable XML: " + e.getMessage(), e);
    }
  }

  /**
   * Prints a node without an XML declaration, as UTF-8 text: the trees this module builds by {@link
   * DomPrinter}, anything else by the JDK's identity transformer, the same bytes either way.
   */
  public static String toString(Node node) {
    String printed = DomPrinter.print(node);
    return printed != null ? printed : transform(node);
  }

  /** Prints a node with the JDK's identity transformer (what {@link DomPrinter} is held to). */
  static String transform(Node node) {
    StringWriter out = new StringWriter();
    try {
      PRINTER.get().transform(new DOMSource(node), new StreamResult(out));
    } catch (TransformerException e) {
      throw new IllegalStateException("cannot print XML node " + node.getNodeName(), e);
    }
    return out.toString();
  }

  /** Prints a node as UTF-8 bytes without an XML declaration. */
  public static byte[] toBytes(Node node) {
    return toString(node).getBytes(StandardCharsets.UTF_8);
  }

  private static DocumentBuilderFactory newFactory() {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setXIncludeAware(false);
    f.setExpandEntityReferences(false);
    f.setValidating(false);
    try {
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      // OWASP XXE cheat sheet: refusing the DOCTYPE closes XXE and billion-laughs at once.
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      f.setFeature("http://xml.org/sax/features/external-general-entities", false);
      f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
      f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
      // Every reply is walked whole (a read-back is most of a leaf's config), so build the DOM at
      // once: deferred expansion saves work only on nodes that are never visited
      f.setFeature("http://apache.org/xml/features/dom/defer-node-expansion", false);
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("the JDK XML parser lacks a required security feature", e);
    }
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    // Belt and braces should a DOCTYPE ever get through: JDK limits, set explicitly.
    // (0 would mean "unlimited" to the JDK, so small positive limits.)
    f.setAttribute("jdk.xml.entityExpansionLimit", "64");
    f.setAttribute("jdk.xml.maxGeneralEntitySizeLimit", "65536");
    f.setAttribute("jdk.xml.maxElementDepth", "256");
    return f;
  }

  private static TransformerFactory newTransformerFactory() {
    TransformerFactory f = TransformerFactory.newInstance();
    try {
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    } catch (TransformerConfigurationException e) {
      throw new IllegalStateException("the JDK XSLT lacks secure processing", e);
    }
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "");
    return f;
  }

  private static DocumentBuilder newBuilder() {
    try {
      DocumentBuilder b = FACTORY.newDocumentBuilder();
      b.setErrorHandler(THROWING);
      b.setEntityResolver(REFUSE_ENTITIES);
      return b;
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("cannot create a hardened XML parser", e);
    }
  }

  private static Transformer newPrinter() {
    try {
      Transformer t = TRANSFORMERS.newTransformer();
      t.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
      t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
      t.setOutputProperty(OutputKeys.INDENT, "no");
      return t;
    } catch (TransformerConfigurationException e) {
      throw new IllegalStateException("cannot create an XML printer", e);
    }
  }

  // No resolver may fetch anything: a DOCTYPE is refused before this is ever reached.
  private static final EntityResolver REFUSE_ENTITIES =
      (publicId, systemId) -> {
        throw new SAXException("external entity refused: " + systemId);
      };

  private static final ErrorHandler THROWING =
      new ErrorHandler() {
        @Override
        public void warning(SAXParseException e) {
          // warnings do not make a document invalid
        }

        @Override
        public void error(SAXParseException e) throws SAXException {
          throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
          throw e;
        }
      };
}
