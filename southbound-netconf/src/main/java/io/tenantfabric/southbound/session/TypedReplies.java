package io.tenantfabric.southbound.session;

import io.tenantfabric.southbound.protocol.NetconfException;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** What the typed operations of {@link NetconfSession} read from a reply beyond {@code <ok/>}. */
final class TypedReplies {

  private TypedReplies() {}

  /** The commit-id of a save-point reply ({@code commit-id} or {@code CommitID}), or null. */
  static Integer commitId(String device, Element reply) {
    for (String name : new String[] {"commit-id", "CommitID"}) {
      NodeList ids = reply.getElementsByTagNameNS("*", name);
      if (ids.getLength() > 0) {
        String text = ids.item(0).getTextContent().strip();
        try {
          return Integer.valueOf(text);
        } catch (NumberFormatException e) {
          throw new NetconfException(device, "commit-id is not a number: " + text, e);
        }
      }
    }
    return null;
  }

  /** The echoed text of a {@code <CLI>} reply's {@code <Configuration>} or {@code <Execution>}. */
  static String cliText(String device, Element reply, String element) {
    NodeList found = reply.getElementsByTagNameNS("*", element);
    if (found.getLength() == 0) {
      throw new NetconfException(device, "CLI reply carries no <" + element + "> text");
    }
    return found.item(0).getTextContent();
  }
}
