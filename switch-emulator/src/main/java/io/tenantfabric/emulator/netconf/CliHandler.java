package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.datastore.Namespaces;
import io.tenantfabric.emulator.datastore.NetconfError;
import io.tenantfabric.emulator.datastore.RpcException;
import io.tenantfabric.emulator.xml.SafeXml;
import io.tenantfabric.emulator.xml.XmlBuilder;
import java.util.List;
import org.w3c.dom.Element;

/**
 * {@code <CLI><Configuration>} and {@code <CLI><Execution>}: the reply echoes the text in CDATA,
 * and command errors appear only inside the echo (comware-facts.md §2.6).
 */
final class CliHandler implements RpcHandler {
  @Override
  public String handle(RpcCall call) throws RpcException {
    List<Element> kids = SafeXml.children(call.operation());
    if (kids.size() != 1) {
      throw new RpcException(
          NetconfError.protocol("missing-element", "CLI needs Configuration or Execution.")
              .withInfo("bad-element", "CLI"));
    }
    Element mode = kids.get(0);
    String text = mode.getTextContent() == null ? "" : mode.getTextContent();
    String echo;
    switch (mode.getLocalName()) {
      case "Configuration" -> echo = call.device().cliConfiguration(call.session(), text);
      case "Execution" -> echo = call.device().cliExecution(text);
      default ->
          throw new RpcException(
              NetconfError.unknownElement(
                  "protocol", mode.getNamespaceURI(), mode.getLocalName(), call.path()));
    }
    return new XmlBuilder()
        .start("CLI")
        .attr("xmlns", Namespaces.BASE)
        .start(mode.getLocalName())
        .cdata(echo)
        .end()
        .end()
        .toString();
  }
}
