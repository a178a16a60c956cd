package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.datastore.NetconfError;
import io.tenantfabric.emulator.datastore.RpcException;
import io.tenantfabric.emulator.xml.SafeXml;
import io.tenantfabric.emulator.xml.XmlBuilder;
import java.util.List;
import org.w3c.dom.Element;

/** H3C {@code <save-point>}: begin, commit, rollback, end, get-commits (comware-facts.md §2.6). */
final class SavePointHandler implements RpcHandler {
  @Override
  public String handle(RpcCall call) throws RpcException {
    List<Element> kids = SafeXml.children(call.operation());
    if (kids.size() != 1) {
      throw new RpcException(
          NetconfError.protocol("missing-element", "save-point needs exactly one operation.")
              .withInfo("bad-element", "save-point"));
    }
    Element op = kids.get(0);
    var d = call.device();
    var s = call.session();
    switch (op.getLocalName()) {
      case "begin" -> {
        d.savePointBegin(s, Args.number(op, "confirm-timeout", 600, 1, 65535));
        return Replies.OK;
      }
      case "commit" -> {
        boolean force = "true".equals(op.getAttribute("force"));
        int id =
            d.savePointCommit(
                s, orEmpty(Args.text(op, "label")), orEmpty(Args.text(op, "comment")), force);
        return new XmlBuilder()
            .start("data")
            .start("save-point")
            .start("commit")
            .leaf("commit-id", Integer.toString(id))
            .end()
            .end()
            .end()
            .toString();
      }
      case "rollback" -> {
        Long id =
            Args.text(op, "commit-id") == null
                ? null
                : Args.number(op, "commit-id", 0, 0, Integer.MAX_VALUE);
        Long index =
            Args.text(op, "commit-index") == null
                ? null
                : Args.number(op, "commit-index", 0, 0, 49);
        String label = Args.text(op, "commit-label");
        d.savePointRollback(
            s, id == null ? null : id.intValue(), index == null ? null : index.intValue(), label);
        return Replies.OK;
      }
      case "end" -> {
        d.savePointEnd(s);
        return Replies.OK;
      }
      case "get-commits" -> {
        XmlBuilder x = new XmlBuilder().start("data").start("save-point");
        for (String[] c : d.savePointCommits(s)) {
          x.start("commit-information")
              .leaf("CommitID", c[0])
              .leaf("TimeStamp", c[1])
              .leaf("UserName", c[2])
              .leaf("Label", c[3])
              .end();
        }
        return x.end().end().toString();
      }
      default ->
          throw new RpcException(
              NetconfError.unknownElement(
                  "protocol", op.getNamespaceURI(), op.getLocalName(), call.path()));
    }
  }

  private static String orEmpty(String s) {
    return s == null ? "" : s;
  }
}
