package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.datastore.Namespaces;
import io.tenantfabric.emulator.datastore.NetconfError;
import io.tenantfabric.emulator.datastore.RpcException;
import io.tenantfabric.emulator.device.Target;
import io.tenantfabric.emulator.xml.SafeXml;
import java.util.List;
import org.w3c.dom.Element;

/** Parsing helpers shared by the handlers. */
final class Args {
  private Args() {}

  /**
   * The datastore named in {@code <target>} / {@code <source>}; what the profile lacks is unknown.
   */
  static Target datastore(RpcCall call, String wrapper, boolean allowStartup) throws RpcException {
    Element w = SafeXml.child(call.operation(), wrapper);
    String wrapperPath = call.path() + "/" + wrapper + "[1]";
    if (w == null) {
      throw new RpcException(
          NetconfError.protocol("missing-element", "The element '" + wrapper + "' is missing.")
              .withInfo("bad-element", wrapper));
    }
    List<Element> kids = SafeXml.children(w);
    if (kids.size() != 1) {
      throw new RpcException(
          NetconfError.protocol(
                  "missing-element", "Exactly one datastore must be named in " + wrapper + ".")
              .withInfo("bad-element", wrapper));
    }
    Element d = kids.get(0);
    String name = d.getLocalName();
    boolean rfc = call.device().profile() == Profile.RFC6241;
    if ("running".equals(name)) {
      return Target.RUNNING;
    }
    if ("candidate".equals(name) && rfc) {
      return Target.CANDIDATE;
    }
    if ("startup".equals(name) && allowStartup && rfc) {
      return Target.STARTUP;
    }
    throw new RpcException(
        NetconfError.unknownElement("protocol", d.getNamespaceURI(), name, wrapperPath));
  }

  /** The text of a child element, or null. */
  static String text(Element parent, String name) {
    Element e = SafeXml.child(parent, name);
    return e == null ? null : SafeXml.text(e);
  }

  /** A bounded integer child, or {@code fallback} when absent. */
  static long number(Element parent, String name, long fallback, long min, long max)
      throws RpcException {
    String t = text(parent, name);
    if (t == null) {
      return fallback;
    }
    try {
      long v = Long.parseLong(t);
      if (v < min || v > max) {
        throw new NumberFormatException(t);
      }
      return v;
    } catch (NumberFormatException e) {
      throw new RpcException(
          NetconfError.application(
                  "invalid-value", "The value '" + t + "' of element '" + name + "' is invalid.")
              .withInfo("bad-element", name));
    }
  }

  static boolean isBase(Element e) {
    return Namespaces.BASE.equals(e.getNamespaceURI());
  }
}
