package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.datastore.Namespaces;
import io.tenantfabric.emulator.datastore.NetconfError;
import io.tenantfabric.emulator.datastore.RpcException;
import io.tenantfabric.emulator.xml.SafeXml;
import io.tenantfabric.emulator.xml.XmlLimitException;
import io.tenantfabric.emulator.xml.XmlSyntaxException;
import java.util.List;
import java.util.Map;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The {@code <rpc>} around an operation, checked as RFC 6241 section 4.1 asks: well-formed XML
 * within the parser's limits (else {@code malformed-message} or {@code too-big}), an {@code rpc}
 * element of the base namespace, a {@code message-id}, and exactly one operation inside.
 */
final class RpcEnvelope {

  private RpcEnvelope() {}

  /**
   * The one operation inside {@code text}'s {@code <rpc>}. The rpc's attributes (namespace
   * declarations aside) go into {@code replyAttributes} as soon as they are read, so that the
   * rpc-reply of a refused envelope still echoes them, its message-id among them.
   */
  static Element operation(String text, Map<String, String> replyAttributes) throws RpcException {
    Document doc;
    try {
      doc = SafeXml.parse(text);
    } catch (XmlLimitException e) {
      throw new RpcException(
          NetconfError.rpc(
              "too-big",
              "The message exceeds the XML limits (depth "
                  + SafeXml.MAX_DEPTH
                  + ", "
                  + SafeXml.MAX_ELEMENTS
                  + " elements, "
                  + SafeXml.MAX_ATTRIBUTES
                  + " attributes per element): "
                  + e.getMessage()));
    } catch (XmlSyntaxException e) {
      throw new RpcException(
          NetconfError.rpc("malformed-message", "The message is not well-formed XML."));
    }
    Element rpc = doc.getDocumentElement();
    for (int i = 0; i < rpc.getAttributes().getLength(); i++) {
      Node a = rpc.getAttributes().item(i);
      if (!a.getNodeName().equals("xmlns") && !a.getNodeName().startsWith("xmlns:")) {
        replyAttributes.put(a.getNodeName(), a.getNodeValue());
      }
    }
    if (!"rpc".equals(rpc.getLocalName()) || !Namespaces.BASE.equals(rpc.getNamespaceURI())) {
      throw new RpcException(
          NetconfError.unknownElement("rpc", rpc.getNamespaceURI(), rpc.getLocalName(), "/"));
    }
    if (!rpc.hasAttribute("message-id")) {
      throw new RpcException(
          NetconfError.rpc("missing-attribute", "The attribute 'message-id' is missing.")
              .withInfo("bad-attribute", "message-id")
              .withInfo("bad-element", "rpc"));
    }
    List<Element> ops = SafeXml.children(rpc);
    if (ops.size() != 1) {
      throw new RpcException(
          NetconfError.rpc("missing-element", "An rpc must contain exactly one operation.")
              .withInfo("bad-element", "rpc"));
    }
    return ops.get(0);
  }
}
