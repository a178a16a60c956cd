package io.tenantfabric.southbound.protocol;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** Reads {@code <rpc-reply>} messages: errors, warnings, ok and data (RFC 6241 section 4.2-4.4). */
public final class RpcReplies {

  private RpcReplies() {}

  /** The reply's message-id attribute, or null if it has none. */
  public static String messageId(Element reply) {
    String id = reply.getAttribute("message-id");
    return id.isEmpty() ? null : id;
  }

  /** Every rpc-error in document order, warnings included. */
  public static List<RpcError> errors(Element reply) {
    List<RpcError> out = new ArrayList<>();
    for (Node n = reply.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && "rpc-error".equals(e.getLocalName())) {
        out.add(parseError(e));
      }
    }
    return out;
  }

  /** Only the rpc-errors of severity warning. */
  public static List<RpcError> warnings(Element reply) {
    return errors(reply).stream().filter(e -> !e.isError()).toList();
  }

  /**
   * Returns the reply if it carries no rpc-error of severity error; otherwise throws a
   * NetconfRpcException with every error of the reply.
   */
  public static Element requireSuccess(String device, Element reply) {
    if (!"rpc-reply".equals(reply.getLocalName())) {
      throw new NetconfException(device, "expected <rpc-reply>, got <" + reply.getNodeName() + ">");
    }
    List<RpcError> errors = errors(reply);
    if (errors.stream().anyMatch(RpcError::isError)) {
      throw new NetconfRpcException(device, errors);
    }
    return reply;
  }

  /** The {@code <data>} child of a successful reply (get, get-config, save-point commit). */
  public static Element data(String device, Element reply) {
    Element data = Messages.child(requireSuccess(device, reply), "data");
    if (data == null) {
      throw new NetconfException(device, "reply has no <data> element");
    }
    return data;
  }

  /** Parses one rpc-error element. */
  public static RpcError parseError(Element error) {
    String type = null;
    String tag = null;
    String severity = null;
    String appTag = null;
    String path = null;
    String message = null;
    Map<String, String> info = new LinkedHashMap<>();
    for (Node n = error.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (!(n instanceof Element e)) {
        continue;
      }
      String text = e.getTextContent().strip();
      switch (e.getLocalName()) {
        case "error-type":
          type = text;
          break;
        case "error-tag":
          tag = text;
          break;
        case "error-severity":
          severity = text;
          break;
        case "error-app-tag":
          appTag = text;
          break;
        case "error-path":
          path = text;
          break;
        case "error-message":
          message = text;
          break;
        case "error-info":
          readInfo(e, info);
          break;
        default:
          // Unknown children are kept as info so no device text is lost.
          info.merge(e.getLocalName(), text, (a, b) -> a + ", " + b);
      }
    }
    return new RpcError(type, tag == null ? "unknown" : tag, severity, appTag, path, message, info);
  }

  private static void readInfo(Element errorInfo, Map<String, String> info) {
    for (Node n = errorInfo.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e) {
        info.merge(e.getLocalName(), e.getTextContent().strip(), (a, b) -> a + ", " + b);
      }
    }
  }
}
