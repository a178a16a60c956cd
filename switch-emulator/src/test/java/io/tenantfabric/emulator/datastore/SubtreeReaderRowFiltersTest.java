package io.tenantfabric.emulator.datastore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.emulator.xml.SafeXml;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Filters with many row elements for one table (the controller's IfIndex resolve sends one per
 * port), which the reader answers from a per-read index of the table by column value: the reply
 * must be byte for byte the one the table scan gave.
 */
class SubtreeReaderRowFiltersTest {
  static final Schema SCHEMA = ComwareSchema.get();
  static final TableSpec IFS = SCHEMA.table(ComwareSchema.INTERFACES);
  static final String H = " xmlns:h=\"" + Namespaces.H3C_BASE + "\"";

  static Row port(int ifIndex, String name, String admin, String description) {
    Row r = new Row();
    r.put("IfIndex", Integer.toString(ifIndex));
    r.put("Name", name);
    r.put("AdminStatus", admin);
    r.put("PortLayer", "1");
    if (description != null) {
      r.put("Description", description);
    }
    return r;
  }

  /** A leaf's interfaces: 64 FourHundredGigE ports and 36 breakouts, every 7th down. */
  static Datastore leaf() {
    Datastore ds = new Datastore(SCHEMA);
    for (int n = 1; n <= 100; n++) {
      String name = n <= 64 ? "FourHundredGigE1/0/" + n : "TwoHundredGigE1/0/" + (n - 64) + ":1";
      ds.put(IFS, port(n, name, n % 7 == 0 ? "2" : "1", n % 3 == 0 ? "port " + n : null));
    }
    return ds;
  }

  static String read(Datastore ds, String rowElements, boolean state) throws Exception {
    String ns = state ? Namespaces.DATA : Namespaces.CONFIG;
    var filter =
        SafeXml.parse(
                "<filter xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><top xmlns=\""
                    + ns
                    + "\""
                    + H
                    + "><Ifmgr><Interfaces>"
                    + rowElements
                    + "</Interfaces></Ifmgr></top></filter>")
            .getDocumentElement();
    return SubtreeReader.read(
        ds, SafeXml.children(filter), new ReadRequest(state, false, ns, Set.of()), "/f");
  }

  static String prefix(boolean state) {
    return "<top xmlns=\""
        + (state ? Namespaces.DATA : Namespaces.CONFIG)
        + "\"><Ifmgr><Interfaces>";
  }

  static final String SUFFIX = "</Interfaces></Ifmgr></top>";

  /** The rows part of a reply to an Interfaces filter ("" for an empty reply). */
  static String rowsOf(String reply, boolean state) {
    if (reply.isEmpty()) {
      return "";
    }
    assertThat(reply).startsWith(prefix(state)).endsWith(SUFFIX);
    return reply.substring(prefix(state).length(), reply.length() - SUFFIX.length());
  }

  @ParameterizedTest(name = "includeState {0}")
  @ValueSource(booleans = {true, false})
  void anIfIndexResolveIsTheConcatenationOfItsRowElementsReadOneByOne(boolean state)
      throws Exception {
    Datastore ds = leaf();
    List<String> elements = new ArrayList<>();
    for (int n = 1; n <= 64; n++) {
      elements.add(
          "<Interface><IfIndex/><OperStatus/><Name>FourHundredGigE1/0/"
              + n
              + "</Name></Interface>");
    }
    elements.add("<Interface><IfIndex/><Name>FourHundredGigE1/0/99</Name></Interface>");
    elements.add("<Interface><IfIndex/><Name>TwoHundredGigE1/0/7:1</Name></Interface>");
    Collections.shuffle(elements, new Random(7)); // rows come out in filter order, not index order

    StringBuilder oneByOne = new StringBuilder();
    int empty = 0;
    for (String e : elements) {
      String rows = rowsOf(read(ds, e, state), state);
      empty += rows.isEmpty() ? 1 : 0;
      oneByOne.append(rows);
    }
    String all = read(ds, String.join("", elements), state);

    assertThat(empty).as("only 1/0/99 matches nothing").isEqualTo(1);
    assertThat(all).isEqualTo(prefix(state) + oneByOne + SUFFIX);
    assertThat(all)
        .contains(
            "<Interface><IfIndex>7</IfIndex><Name>FourHundredGigE1/0/7</Name>"
                + (state ? "<OperStatus>2</OperStatus>" : "")
                + "</Interface>",
            "<Interface><IfIndex>71</IfIndex><Name>TwoHundredGigE1/0/7:1</Name></Interface>")
        .doesNotContain("1/0/99", "Description");
  }

  /** Six interfaces; 10 is a breakout with a description that needs escaping. */
  static Datastore small() {
    Datastore ds = new Datastore(SCHEMA);
    ds.put(IFS, port(1, "FourHundredGigE1/0/1", "1", "uplink spine-01"));
    ds.put(IFS, port(2, "FourHundredGigE1/0/2", "2", "uplink spine-02"));
    ds.put(IFS, port(3, "FourHundredGigE1/0/3", "2", "t-acme gpu"));
    ds.put(IFS, port(4, "FourHundredGigE1/0/4", "1", null));
    ds.put(IFS, port(10, "TwoHundredGigE1/0/65:1", "2", "uplink <b&c>"));
    ds.put(IFS, port(11, "TwoHundredGigE1/0/65:2", "1", "uplink spine-03"));
    return ds;
  }

  static final String MIXED =
      // two equality conditions, one row; its columns are added to by the OperStatus element below
      "<Interface><AdminStatus>2</AdminStatus><Name>FourHundredGigE1/0/3</Name><Description/></Interface>"
          // two equality conditions that no row meets together
          + "<Interface><AdminStatus>1</AdminStatus><Name>FourHundredGigE1/0/2</Name></Interface>"
          // equality and regExp: rows in index order
          + "<Interface><AdminStatus>2</AdminStatus><Description h:regExp=\"^uplink\"/></Interface>"
          // nothing has this name
          + "<Interface><Name>FourHundredGigE1/0/99</Name></Interface>"
          // equality on a state column: only get derives it
          + "<Interface><OperStatus>2</OperStatus><IfIndex/></Interface>"
          // a selected state column
          + "<Interface><Name>FourHundredGigE1/0/1</Name><ActualSpeed/></Interface>";

  @Test
  void mixedRowElementsWithState() throws Exception {
    assertThat(read(small(), MIXED, true))
        .isEqualTo(
            prefix(true)
                + "<Interface><IfIndex>3</IfIndex><Name>FourHundredGigE1/0/3</Name>"
                + "<Description>t-acme gpu</Description><AdminStatus>2</AdminStatus>"
                + "<OperStatus>2</OperStatus></Interface>"
                + "<Interface><IfIndex>2</IfIndex><Description>uplink spine-02</Description>"
                + "<AdminStatus>2</AdminStatus><OperStatus>2</OperStatus></Interface>"
                + "<Interface><IfIndex>10</IfIndex><Description>uplink &lt;b&amp;c&gt;</Description>"
                + "<AdminStatus>2</AdminStatus><OperStatus>2</OperStatus></Interface>"
                + "<Interface><IfIndex>1</IfIndex><Name>FourHundredGigE1/0/1</Name>"
                + "<ActualSpeed>400000000</ActualSpeed></Interface>"
                + SUFFIX);
  }

  @Test
  void mixedRowElementsWithoutState() throws Exception {
    // get-config: no row has an OperStatus to match, and ActualSpeed is not output.
    assertThat(read(small(), MIXED, false))
        .isEqualTo(
            prefix(false)
                + "<Interface><IfIndex>3</IfIndex><Name>FourHundredGigE1/0/3</Name>"
                + "<Description>t-acme gpu</Description><AdminStatus>2</AdminStatus></Interface>"
                + "<Interface><IfIndex>2</IfIndex><Description>uplink spine-02</Description>"
                + "<AdminStatus>2</AdminStatus></Interface>"
                + "<Interface><IfIndex>10</IfIndex><Description>uplink &lt;b&amp;c&gt;</Description>"
                + "<AdminStatus>2</AdminStatus></Interface>"
                + "<Interface><IfIndex>1</IfIndex><Name>FourHundredGigE1/0/1</Name></Interface>"
                + SUFFIX);
  }

  @Test
  void aRowElementWithoutSelectionReturnsWholeRowsAndOneThatMatchesNothingNothing()
      throws Exception {
    assertThat(
            read(
                small(),
                "<Interface><IfIndex/><Name>FourHundredGigE1/0/4</Name></Interface>"
                    + "<Interface><Name>FourHundredGigE1/0/4</Name></Interface>",
                false))
        .isEqualTo(
            prefix(false)
                + "<Interface><IfIndex>4</IfIndex><Name>FourHundredGigE1/0/4</Name>"
                + "<AdminStatus>1</AdminStatus><PortLayer>1</PortLayer></Interface>"
                + SUFFIX);
    assertThat(read(small(), "<Interface><Name>FourHundredGigE1/0/99</Name></Interface>", true))
        .isEmpty();
    assertThat(read(small(), "<Interface><OperStatus>2</OperStatus></Interface>", false)).isEmpty();
  }

  @Test
  void tablesAreEqualByIdAndASchemaRefusesTwoWithOneId() {
    TableSpec again =
        new TableSpec(
            "Ifmgr", List.of("Interfaces", "Interface"), List.of("IfIndex"), List.of(), false, "x");
    assertThat(again).isEqualTo(IFS).hasSameHashCodeAs(IFS);
    assertThat(IFS.column("OperStatus")).get().extracting(ColumnSpec::isState).isEqualTo(true);
    assertThat(IFS.topColumn("Name")).get().extracting(ColumnSpec::key).isEqualTo("Name");
    assertThat(IFS.column("Nope")).isEmpty();
    TableSpec rules = SCHEMA.table(ComwareSchema.ACL_RULE);
    assertThat(rules.groups()).containsExactly("SrcIPv4", "DstIPv4", "SrcPort", "DstPort");
    assertThat(rules.groupColumns("SrcIPv4"))
        .extracting(ColumnSpec::key)
        .containsExactly("SrcIPv4/SrcIPv4Addr", "SrcIPv4/SrcIPv4Wildcard");
    assertThat(rules.topColumn("SrcIPv4Addr")).isEmpty();
    assertThatThrownBy(() -> new Schema(List.of(IFS, again), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Ifmgr/Interfaces/Interface");
  }
}
