package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.datastore.Namespaces;
import io.tenantfabric.emulator.datastore.NetconfError;
import io.tenantfabric.emulator.xml.XmlBuilder;
import java.util.List;
import java.util.Map;

/** Builds rpc-reply bodies and RFC 6241 §4.3 rpc-error elements. */
final class Replies {
  static final String OK = "<ok/>";

  private Replies() {}

  /** {@code <data>} around the given XML (empty = {@code <data/>}). */
  static String data(String inner) {
    return inner.isEmpty() ? "<data/>" : "<data>" + inner + "</data>";
  }

  static String errors(List<NetconfError> errors) {
    XmlBuilder x = new XmlBuilder();
    for (NetconfError e : errors) {
      x.start("rpc-error");
      x.leaf("error-type", e.type());
      x.leaf("error-tag", e.tag());
      x.leaf("error-severity", e.severity());
      if (e.appTag() != null) {
        x.leaf("error-app-tag", e.appTag());
      }
      if (e.path() != null) {
        x.leaf("error-path", e.path());
      }
      if (e.message() != null) {
        x.start("error-message").attr("xml:lang", "en").text(e.message()).end();
      }
      if (!e.info().isEmpty()) {
        x.start("error-info");
        for (Map.Entry<String, String> i : e.info().entrySet()) {
          x.leaf(i.getKey(), i.getValue());
        }
        x.end();
      }
      x.end();
    }
    return x.toString();
  }

  /** The whole rpc-reply, echoing the rpc's attributes (RFC 6241 §4.2). */
  static String reply(Map<String, String> rpcAttributes, String body) {
    StringBuilder b = new StringBuilder(body.length() + 128);
    b.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?><rpc-reply xmlns=\"")
        .append(Namespaces.BASE)
        .append('"');
    for (Map.Entry<String, String> a : rpcAttributes.entrySet()) {
      b.append(' ')
          .append(a.getKey())
          .append("=\"")
          .append(XmlBuilder.escape(a.getValue(), true))
          .append('"');
    }
    return b.append('>').append(body).append("</rpc-reply>").toString();
  }
}
