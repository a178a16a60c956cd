package io.tenantfabric.emulator.datastore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.device.DeviceFixture;
import io.tenantfabric.emulator.device.EmulatorRuntime;
import io.tenantfabric.emulator.device.SwitchDevice;
import io.tenantfabric.emulator.device.Target;
import io.tenantfabric.emulator.xml.SafeXml;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SubtreeReaderTest {
  static EmulatorRuntime runtime;
  static SwitchDevice device;

  @BeforeAll
  static void up() throws Exception {
    runtime = new EmulatorRuntime();
    device = DeviceFixture.leaf(Profile.COMWARE7, runtime);
    var s = device.openSession("admin", () -> {});
    device.edit(
        s,
        Target.RUNNING,
        DeviceFixture.config(
            EditEngineTest.VSI
                + EditEngineTest.VXLAN
                + "<L2VPN><VSIs><VSI><VsiName>t-beta</VsiName></VSI></VSIs></L2VPN>"
                + EditEngineTest.GROUP
                + EditEngineTest.RULE
                + "<Ifmgr><Interfaces><Interface><IfIndex>5</IfIndex><Description>t-acme gpu</Description></Interface></Interfaces></Ifmgr>"),
        EditOptions.defaults(),
        "/c");
  }

  @AfterAll
  static void down() {
    runtime.close();
  }

  static String read(String filterTop, boolean state, boolean bulk) throws Exception {
    var filter =
        SafeXml.parse(
                "<filter xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
                    + filterTop
                    + "</filter>")
            .getDocumentElement();
    String ns = SafeXml.children(filter).get(0).getNamespaceURI();
    return SubtreeReader.read(
        device.running(),
        SafeXml.children(filter),
        new ReadRequest(state, bulk, ns, Set.of()),
        "/rpc/get[1]/filter[1]");
  }

  static final String DATA =
      "<top xmlns=\"http://www.h3c.com/netconf/data:1.0\" xmlns:h=\"http://www.h3c.com/netconf/base:1.0\">";
  static final String CONFIG = "<top xmlns=\"http://www.h3c.com/netconf/config:1.0\">";

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "module only returns the whole module|<L2VPN/>|<VsiName>t-beta</VsiName>|<Ifmgr>",
        "table only returns all rows|<L2VPN><VSIs/></L2VPN>|<VsiName>t-acme</VsiName></VSI><VSI><VsiName>t-beta</VsiName>|<Base>",
        "content match on the index returns that row|<L2VPN><VSIs><VSI><VsiName>t-beta</VsiName></VSI></VSIs></L2VPN>|t-beta|t-acme",
        "lookup by Name returns IfIndex and state|<Ifmgr><Interfaces><Interface><Name>FourHundredGigE1/0/5</Name></Interface></Interfaces></Ifmgr>|<IfIndex>5</IfIndex><Name>FourHundredGigE1/0/5</Name>|1/0/6",
        "index plus selection returns only those columns|<Ifmgr><Interfaces><Interface><IfIndex>5</IfIndex><Description/></Interface></Interfaces></Ifmgr>|<Interface><IfIndex>5</IfIndex><Description>t-acme gpu</Description></Interface>|<Name>",
        "regExp selects matching rows|<Ifmgr><Interfaces><Interface><Description h:regExp=\"^t-acme\"/></Interface></Interfaces></Ifmgr>|<IfIndex>5</IfIndex><Description>t-acme gpu</Description>|<IfIndex>6</IfIndex>",
        "group selection|<ACL><IPv4NamedAdvanceRules><Rule><RuleID>10</RuleID><SrcIPv4/></Rule></IPv4NamedAdvanceRules></ACL>|<SrcIPv4><SrcIPv4Addr>10.5.0.0</SrcIPv4Addr>|<Action>",
        "content match inside a group|<ACL><IPv4NamedAdvanceRules><Rule><SrcIPv4><SrcIPv4Addr>10.5.0.0</SrcIPv4Addr></SrcIPv4></Rule></IPv4NamedAdvanceRules></ACL>|<RuleID>10</RuleID>|<NamedGroups>",
        "no match gives empty output|<L2VPN><VSIs><VSI><VsiName>nope</VsiName></VSI></VSIs></L2VPN>|<EMPTY>|<top"
      })
  void filters(String name, String filter, String expected, String absent) throws Exception {
    String out = read(DATA + filter + "</top>", true, false);
    if (expected.equals("<EMPTY>")) {
      assertThat(out).isEmpty();
    } else {
      assertThat(out)
          .contains(expected)
          .startsWith("<top xmlns=\"http://www.h3c.com/netconf/data:1.0\">");
    }
    assertThat(out).doesNotContain(absent);
  }

  @Test
  void siblingRowFiltersAreOredAndGetConfigOmitsState() throws Exception {
    String out =
        read(
            CONFIG
                + "<Ifmgr><Interfaces><Interface><IfIndex>1</IfIndex></Interface><Interface><IfIndex>2</IfIndex></Interface></Interfaces></Ifmgr></top>",
            false,
            false);
    assertThat(out)
        .contains("<IfIndex>1</IfIndex>", "<IfIndex>2</IfIndex>", "config:1.0")
        .doesNotContain("OperStatus", "<IfIndex>3</IfIndex>");
  }

  @Test
  void getBulkStartsAfterTheGivenIndexAndHonoursCount() throws Exception {
    String out =
        read(
            DATA
                + "<Ifmgr><Interfaces h:count=\"3\"><Interface><IfIndex>10</IfIndex></Interface></Interfaces></Ifmgr></top>",
            true,
            true);
    assertThat(out)
        .contains("<IfIndex>11</IfIndex>", "<IfIndex>12</IfIndex>", "<IfIndex>13</IfIndex>")
        .doesNotContain("<IfIndex>10</IfIndex>", "<IfIndex>14</IfIndex>");
    String all = read(DATA + "<Ifmgr h:count=\"2\"/></top>", true, true);
    assertThat(all)
        .contains("<IfIndex>1</IfIndex>", "<IfIndex>2</IfIndex>")
        .doesNotContain("<IfIndex>3</IfIndex>");
  }

  @Test
  void unknownElementsInFiltersAreComwareErrors() {
    assertThatThrownBy(() -> read(DATA + "<Nope/></top>", true, false))
        .isInstanceOfSatisfying(
            RpcException.class,
            e ->
                assertThat(e.errors().get(0).message())
                    .isEqualTo(
                        "Unexpected element 'http://www.h3c.com/netconf/data:1.0':'Nope' under element '/rpc/get[1]/filter[1]/top[1]"));
  }

  @Test
  void refusedModulesAnswerUnknownElement() throws Exception {
    var filter =
        SafeXml.parse(
                "<filter xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
                    + DATA
                    + "<L2VPN/></top></filter>")
            .getDocumentElement();
    assertThatThrownBy(
            () ->
                SubtreeReader.read(
                    device.running(),
                    SafeXml.children(filter),
                    new ReadRequest(true, false, Namespaces.DATA, Set.of("L2VPN", "VXLAN")),
                    "/rpc/get[1]/filter[1]"))
        .isInstanceOf(RpcException.class)
        .hasMessageContaining("'L2VPN' under element '/rpc/get[1]/filter[1]/top[1]");
  }

  static final String BY_DESCRIPTION =
      DATA
          + "<Ifmgr><Interfaces><Interface><Description h:regExp=\"%s\"/></Interface></Interfaces></Ifmgr></top>";

  @Test
  void aPathologicalRegExpIsRefusedBeforeAnyRowIsRead() {
    String re = "^(" + ".*".repeat(16) + ")X";
    assertThatThrownBy(() -> read(BY_DESCRIPTION.formatted(re), true, false))
        .isInstanceOfSatisfying(
            RpcException.class,
            e -> {
              assertThat(e.errors().get(0).tag()).isEqualTo("invalid-value");
              assertThat(e.errors().get(0).message())
                  .contains("two unbounded quantifiers in a row");
            });
  }

  @Test
  void aRegExpThatOutrunsItsBudgetAnswersOperationFailed() throws Exception {
    var filter =
        SafeXml.parse(
                "<filter xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
                    + BY_DESCRIPTION.formatted("^t-acme")
                    + "</filter>")
            .getDocumentElement();
    assertThatThrownBy(
            () ->
                SubtreeReader.read(
                    device.snapshot(Target.RUNNING),
                    SafeXml.children(filter),
                    new ReadRequest(true, false, Namespaces.DATA, Set.of()),
                    "/rpc/get[1]/filter[1]",
                    Duration.ZERO))
        .isInstanceOfSatisfying(
            RpcException.class,
            e -> {
              assertThat(e.errors().get(0).tag()).isEqualTo("operation-failed");
              assertThat(e.errors().get(0).message())
                  .isEqualTo(
                      "The regExp filter was abandoned after 0 ms of matching; use a simpler pattern.");
            });
  }

  @Test
  void onlyFiltersWithARegExpAttributeAreReadOnASnapshot() throws Exception {
    var plain = SafeXml.parse(DATA + "<Ifmgr><Interfaces/></Ifmgr></top>").getDocumentElement();
    var deep = SafeXml.parse(BY_DESCRIPTION.formatted("^t-")).getDocumentElement();
    assertThat(SubtreeReader.usesRegExp(List.of(plain))).isFalse();
    assertThat(SubtreeReader.usesRegExp(List.of(deep))).isTrue();
  }
}
