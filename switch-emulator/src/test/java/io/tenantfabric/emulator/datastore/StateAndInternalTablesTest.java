package io.tenantfabric.emulator.datastore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tenantfabric.emulator.device.DeviceFixture;
import io.tenantfabric.emulator.xml.SafeXml;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * State-only tables (filled by the device for each get) and the internal CliOnly module (kept for
 * the CLI alone) as NETCONF reads and edits see them.
 */
class StateAndInternalTablesTest {
  static final Schema SCHEMA = ComwareSchema.get();

  /** The neighbour row of a recorded Comware 7 reply, as the device's state view stores it. */
  static Datastore withRecordedNeighbour() {
    Datastore ds = new Datastore(SCHEMA);
    Row n = new Row();
    n.put("TimeMark", "19268");
    n.put("IfIndex", "33412");
    n.put("NeighborIndex", "1");
    n.put("SystemName", "PERIMETER.cisco.com");
    n.put("ChassisID", "0014-1c57-a491");
    n.put("PortID", "Fa1/0/15");
    ds.put(SCHEMA.table(ComwareSchema.LLDP_NEIGHBORS), n);
    Row global = new Row();
    global.put("LldpGlobalEnable", "true");
    global.put("TunnelSourceAddress", "10.255.1.1");
    ds.put(SCHEMA.table(ComwareSchema.CLI_GLOBAL), global);
    return ds;
  }

  static String read(Datastore ds, String filterTop, boolean state) throws Exception {
    List<Element> tops = null;
    String ns = state ? Namespaces.DATA : Namespaces.CONFIG;
    if (filterTop != null) {
      var filter =
          SafeXml.parse(
                  "<filter xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><top xmlns=\""
                      + ns
                      + "\">"
                      + filterTop
                      + "</top></filter>")
              .getDocumentElement();
      tops = SafeXml.children(filter);
    }
    return SubtreeReader.read(ds, tops, new ReadRequest(state, false, ns, Set.of()), "/f");
  }

  @Test
  void aNeighbourRowReadsBackInTheElementNamesAndOrderOfTheRecordedReply() throws Exception {
    assertThat(read(withRecordedNeighbour(), "<LLDP><LLDPNeighbors/></LLDP>", true))
        .isEqualTo(
            "<top xmlns=\""
                + Namespaces.DATA
                + "\"><LLDP><LLDPNeighbors><LLDPNeighbor><TimeMark>19268</TimeMark>"
                + "<IfIndex>33412</IfIndex><NeighborIndex>1</NeighborIndex>"
                + "<SystemName>PERIMETER.cisco.com</SystemName><ChassisID>0014-1c57-a491</ChassisID>"
                + "<PortID>Fa1/0/15</PortID></LLDPNeighbor></LLDPNeighbors></LLDP></top>");
  }

  @Test
  void aNeighbourIsFoundByItsLocalIfIndex() throws Exception {
    assertThat(
            read(
                withRecordedNeighbour(),
                "<LLDP><LLDPNeighbors><LLDPNeighbor><IfIndex>33412</IfIndex><SystemName/>"
                    + "</LLDPNeighbor></LLDPNeighbors></LLDP>",
                true))
        .contains(
            "<LLDPNeighbor><IfIndex>33412</IfIndex><NeighborIndex>1</NeighborIndex>"
                + "<SystemName>PERIMETER.cisco.com</SystemName></LLDPNeighbor>");
    assertThat(
            read(
                withRecordedNeighbour(),
                "<LLDP><LLDPNeighbors><LLDPNeighbor><IfIndex>5</IfIndex></LLDPNeighbor>"
                    + "</LLDPNeighbors></LLDP>",
                true))
        .isEmpty();
  }

  @Test
  void theInternalModuleIsInNoReadAndNoFilterMayNameIt() throws Exception {
    Datastore ds = withRecordedNeighbour();
    assertThat(read(ds, null, true)).contains("<LLDPNeighbor>").doesNotContain("CliOnly", "10.255");
    RpcException e = catchThrowableOfType(RpcException.class, () -> read(ds, "<CliOnly/>", false));
    assertThat(e.errors().get(0).tag()).isEqualTo("unknown-element");
  }

  @Test
  void theInternalModuleCannotBeEdited() throws Exception {
    EditResult r =
        new EditEngine(SCHEMA, Set.of())
            .apply(
                new Datastore(SCHEMA),
                DeviceFixture.config(
                    "<CliOnly><Global><LldpGlobalEnable>true</LldpGlobalEnable></Global></CliOnly>"),
                EditOptions.defaults(),
                "/rpc/edit-config[1]/config[1]");
    assertThat(r.errors()).extracting(NetconfError::tag).containsExactly("unknown-element");
  }

  @Test
  void stateColumnsCannotBeEdited() throws Exception {
    EditResult r =
        new EditEngine(SCHEMA, Set.of())
            .apply(
                new Datastore(SCHEMA),
                DeviceFixture.config(
                    "<LLDP><LLDPNeighbors><LLDPNeighbor><IfIndex>1</IfIndex>"
                        + "<NeighborIndex>1</NeighborIndex><SystemName>x</SystemName>"
                        + "</LLDPNeighbor></LLDPNeighbors></LLDP>"),
                EditOptions.defaults(),
                "/rpc/edit-config[1]/config[1]");
    assertThat(r.errors()).extracting(NetconfError::tag).containsExactly("unknown-element");
  }

  @Test
  void theHostNameIsConfigurationAndItsRemovalRestoresTheFactorySysname() throws Exception {
    EditEngine engine = new EditEngine(SCHEMA, Set.of());
    EditResult set =
        engine.apply(
            new Datastore(SCHEMA),
            DeviceFixture.config("<Device><Base><HostName>leaf-01</HostName></Base></Device>"),
            EditOptions.defaults(),
            "/c");
    assertThat(set.errors()).isEmpty();
    assertThat(read(set.result(), "<Device/>", false))
        .contains("<Device><Base><HostName>leaf-01</HostName></Base></Device>");
    EditResult removed =
        engine.apply(
            set.result(),
            DeviceFixture.config(
                "<Device><Base xc:operation=\"remove\"><HostName/></Base></Device>"),
            EditOptions.defaults(),
            "/c");
    assertThat(read(removed.result(), "<Device/>", false)).contains("<HostName>H3C</HostName>");
  }
}
