package io.tenantfabric.southbound.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.comware.ComwareCli;
import io.tenantfabric.southbound.comware.ComwareFeature;
import io.tenantfabric.southbound.comware.ComwareQosXml;
import io.tenantfabric.southbound.comware.ComwareXml;
import io.tenantfabric.southbound.comware.EditGroup;
import io.tenantfabric.southbound.comware.EditPlanner;
import io.tenantfabric.southbound.comware.Fixtures;
import io.tenantfabric.southbound.comware.FullLeaf;
import io.tenantfabric.southbound.comware.IfIndexMap;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.EditConfigOptions;
import io.tenantfabric.southbound.session.Rpcs;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * {@link DomPrinter} prints what the JDK's identity transformer prints, byte for byte: on every rpc
 * the module builds, on the Comware driver's largest configs, edits and filters, and on random
 * trees; and it gives up (the transformer then prints) rather than guess.
 */
class DomPrinterTest {

  private static void printsAsTheTransformer(Node node) {
    String printed = DomPrinter.print(node);
    assertThat(printed)
        .as("a tree this module builds is printed without the transformer")
        .isNotNull();
    assertThat(printed).isEqualTo(SecureXml.transform(node));
    assertThat(SecureXml.toString(node)).isEqualTo(printed);
  }

  @Test
  void everyRpcTheSessionBuilds() {
    List<Document> rpcs =
        List.of(
            Rpcs.get("<Ifmgr xmlns=\"urn:x\"><Interfaces/></Ifmgr>"),
            Rpcs.getConfig(Datastore.RUNNING, "<top xmlns=\"urn:y\"><ACL/></top>"),
            Rpcs.getConfig(Datastore.CANDIDATE, (String) null),
            Rpcs.editConfig(
                Datastore.RUNNING,
                "<top xmlns=\"urn:z\"><A xc:operation=\"remove\">a &amp; b</A></top>",
                EditConfigOptions.defaults()),
            Rpcs.lock(Datastore.RUNNING),
            Rpcs.unlock(Datastore.CANDIDATE),
            Rpcs.validate(Datastore.CANDIDATE),
            Rpcs.commit(),
            Rpcs.commitConfirmed(Duration.ofSeconds(30), "persist-1"),
            Rpcs.confirmCommit("persist-1"),
            Rpcs.cancelCommit("persist-1"),
            Rpcs.discardChanges(),
            Rpcs.savePointBegin(Duration.ofSeconds(60)),
            Rpcs.savePointCommit("pre-label"),
            Rpcs.savePointRollback(7),
            Rpcs.savePointEnd(),
            Rpcs.save(null),
            Rpcs.cliConfiguration(List.of("vsi t-acme", " vxlan 10005", "quit")),
            Rpcs.cliExecution("display current-configuration | include <x> & \"y\""),
            Rpcs.killSession("12"),
            Rpcs.closeSession());
    for (Document rpc : rpcs) {
      printsAsTheTransformer(rpc);
      rpc.getDocumentElement().setAttribute("message-id", "101"); // as Messages.encode does
      printsAsTheTransformer(rpc);
    }
    printsAsTheTransformer(
        SecureXml.parse(
            new String(Hello.client(Set.of("urn:a", "urn:b")).toBytes(), StandardCharsets.UTF_8)));
  }

  @Test
  void theComwareDriversLargestConfigItsEditsAndItsFilters() {
    DeviceConfig full = FullLeaf.config(Fixtures.LEAF);
    Map<PortName, Integer> indexes = new LinkedHashMap<>();
    for (DeviceConfig c : List.of(full, Fixtures.emptyLeaf())) {
      c.ports().keySet().forEach(p -> indexes.putIfAbsent(p, indexes.size() + 1));
    }
    IfIndexMap ifIndexes = IfIndexMap.of(indexes);
    Element config = ComwareXml.render(full, ifIndexes);
    printsAsTheTransformer(config);
    printsAsTheTransformer(
        Rpcs.editConfig(Datastore.RUNNING, config, EditConfigOptions.defaults()));
    for (DeviceConfig[] change :
        List.of(
            new DeviceConfig[] {Fixtures.emptyLeaf(), full},
            new DeviceConfig[] {full, Fixtures.emptyLeaf()},
            new DeviceConfig[] {Fixtures.emptyLeaf(), Fixtures.leafWithTenants(8)})) {
      IfIndexMap map = change[1] == full || change[0] == full ? ifIndexes : Fixtures.ifIndexes();
      for (EditGroup group : EditGroup.of(EditPlanner.plan(change[0], change[1]))) {
        // as ComwareDriver sends it: XML (the QoS tables' own renderer) and the CLI
        Element edit =
            group.feature() == ComwareFeature.QOS
                ? ComwareQosXml.render(group, map)
                : group.feature().xmlKnown() ? ComwareXml.render(group, map) : null;
        if (edit != null) {
          printsAsTheTransformer(edit);
          printsAsTheTransformer(
              Rpcs.editConfig(Datastore.RUNNING, edit, EditConfigOptions.defaults()));
        }
        printsAsTheTransformer(Rpcs.cliConfiguration(ComwareCli.render(group)));
      }
    }
    printsAsTheTransformer(Rpcs.cliConfiguration(ComwareCli.render(full)));
    printsAsTheTransformer(Rpcs.get(ComwareXml.ifIndexFilter(indexes.keySet())));
    printsAsTheTransformer(
        Rpcs.getConfig(Datastore.RUNNING, ComwareXml.readBackFilter(List.of("ACL", "L2VPN"))));
    printsAsTheTransformer(Rpcs.get(ComwareXml.moduleFilter(List.of("Ifmgr", "QoS"))));
  }

  @Test
  void givesUpOnWhatItDoesNotHandleAndTheTransformerPrintsIt() {
    Document doc = SecureXml.parse("<a xmlns=\"urn:a\"><!-- note --><b><![CDATA[x<y]]></b></a>");
    assertThat(DomPrinter.print(doc)).isNull();
    assertThat(SecureXml.toString(doc)).isEqualTo(SecureXml.transform(doc)).contains("note");
    Element carriageReturn = SecureXml.newDocument().createElementNS("urn:a", "a");
    carriageReturn.setTextContent("one\r\ntwo");
    assertThat(DomPrinter.print(carriageReturn)).isNull();
    assertThat(SecureXml.toString(carriageReturn)).isEqualTo(SecureXml.transform(carriageReturn));
  }

  // ---- random trees: what the module's builders make, with hostile text ----

  private static final List<String> NAMESPACES =
      List.of("", Namespaces.BASE, "urn:h3c:config", "urn:h3c:data");

  /** One element to build: name, namespace index, prefix, attributes, text, children. */
  record Spec(
      String name,
      int namespace,
      String prefix,
      List<String[]> attributes,
      String text,
      List<Spec> children) {}

  @Property(tries = 500)
  void randomTreesPrintAsTheTransformerPrintsThem(@ForAll("trees") Spec spec) {
    Document doc = SecureXml.newDocument();
    doc.appendChild(build(doc, spec));
    String printed = DomPrinter.print(doc);
    String reference;
    try {
      reference = SecureXml.transform(doc);
    } catch (IllegalStateException unprintable) { // a lone surrogate: the transformer refuses it
      assertThat(printed).as("what the transformer refuses, the printer gives up on").isNull();
      return;
    }
    if (printed != null) {
      assertThat(printed).isEqualTo(reference);
    }
    assertThat(SecureXml.toString(doc)).isEqualTo(reference);
    if (plainOnly(spec) && spec.attributes().stream().noneMatch(a -> a[0].equals("xc"))) {
      assertThat(printed)
          .as("plain text and attributes are never left to the transformer")
          .isNotNull();
    }
  }

  private static Element build(Document doc, Spec s) {
    String ns = NAMESPACES.get(s.namespace());
    Element e =
        doc.createElementNS(
            ns.isEmpty() ? null : ns,
            s.prefix().isEmpty() || ns.isEmpty() ? s.name() : s.prefix() + ":" + s.name());
    for (String[] a : s.attributes()) {
      if (a[0].equals("xmlns")) {
        e.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:" + a[1], a[2]);
      } else if (a[0].equals("xc")) {
        e.setAttributeNS(Namespaces.BASE, "xc:" + a[1], a[2]);
      } else {
        e.setAttribute(a[1], a[2]);
      }
    }
    if (!s.text().isEmpty()) {
      e.appendChild(doc.createTextNode(s.text()));
    }
    for (Spec c : s.children()) {
      e.appendChild(build(doc, c));
    }
    return e;
  }

  /**
   * Whether the printer must handle the tree itself: text of printable ASCII, tabs and newlines,
   * attribute values of printable ASCII, no declarations of its own, no prefix bound twice on one
   * element (and, checked by the caller, no namespaced attribute on the root).
   */
  private static boolean plainOnly(Spec s) {
    boolean text =
        s.text().chars().allMatch(c -> c == '\t' || c == '\n' || (c >= 0x20 && c < 0x7F));
    boolean attributes =
        s.attributes().stream()
            .allMatch(
                a -> !a[0].equals("xmlns") && a[2].chars().allMatch(c -> c >= 0x20 && c < 0x7F));
    String ns = NAMESPACES.get(s.namespace());
    boolean xcTwice =
        s.prefix().equals("xc")
            && !ns.isEmpty()
            && !ns.equals(Namespaces.BASE)
            && s.attributes().stream().anyMatch(a -> a[0].equals("xc"));
    return text
        && attributes
        && !xcTwice
        && s.children().stream().allMatch(DomPrinterTest::plainOnly);
  }

  @Provide
  Arbitrary<Spec> trees() {
    return tree(3);
  }

  private Arbitrary<Spec> tree(int depth) {
    Arbitrary<String> names = Arbitraries.of("top", "Ifmgr", "Interface", "IfIndex", "rpc", "a");
    Arbitrary<String> text =
        Arbitraries.oneOf(
            Arbitraries.strings().withChars("ab <>&\"'\t\n").ofMaxLength(8),
            Arbitraries.strings().all().ofMaxLength(6),
            Arbitraries.of("", "FourHundredGigE1/0/5", "10.0.0.0/8", "t-acme"));
    Arbitrary<String[]> attribute =
        Combinators.combine(
                Arbitraries.of("plain", "xc", "xmlns"),
                Arbitraries.of("operation", "type", "message-id", "p"),
                Arbitraries.oneOf(text, Arbitraries.of(NAMESPACES.toArray(new String[0]))))
            .as((kind, name, value) -> new String[] {kind, name, value});
    Arbitrary<List<Spec>> children =
        depth == 0 ? Arbitraries.just(List.of()) : tree(depth - 1).list().ofMaxSize(3);
    return Combinators.combine(
            names,
            Arbitraries.integers().between(0, NAMESPACES.size() - 1),
            Arbitraries.of("", "", "xc", "p"),
            attribute.list().ofMaxSize(2).uniqueElements(a -> a[0] + a[1]),
            text,
            children)
        .as(Spec::new);
  }
}
