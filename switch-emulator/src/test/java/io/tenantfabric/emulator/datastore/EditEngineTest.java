package io.tenantfabric.emulator.datastore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.device.DeviceFixture;
import io.tenantfabric.emulator.device.EmulatorRuntime;
import io.tenantfabric.emulator.device.SwitchDevice;
import io.tenantfabric.emulator.device.Target;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** One row per rule of comware-facts.md §2.4 and per reference/range check, with its error. */
class EditEngineTest {
  static EmulatorRuntime runtime;

  @BeforeAll
  static void up() {
    runtime = new EmulatorRuntime();
  }

  @AfterAll
  static void down() {
    runtime.close();
  }

  static final String VSI = "<L2VPN><VSIs><VSI><VsiName>t-acme</VsiName></VSI></VSIs></L2VPN>";
  static final String VXLAN =
      "<VXLAN><VXLANs><Vxlan><VxlanID>10005</VxlanID><VsiName>t-acme</VsiName></Vxlan></VXLANs></VXLAN>";
  static final String SRV =
      "<L2VPN><SRVs><SRV><IfIndex>5</IfIndex><SrvID>1</SrvID><Encap>2</Encap></SRV></SRVs></L2VPN>";
  static final String AC =
      "<L2VPN><ACs><AC><IfIndex>5</IfIndex><SrvID>1</SrvID><VsiName>t-acme</VsiName><AccessMode>1</AccessMode></AC></ACs></L2VPN>";
  static final String GROUP =
      "<ACL><NamedGroups><Group><GroupType>1</GroupType><GroupIndex>t-acme-in</GroupIndex><GroupCategory>2</GroupCategory></Group></NamedGroups></ACL>";
  static final String RULE =
      "<ACL><IPv4NamedAdvanceRules><Rule><GroupIndex>t-acme-in</GroupIndex><RuleID>10</RuleID><Action>2</Action>"
          + "<SrcAny>false</SrcAny><SrcIPv4><SrcIPv4Addr>10.5.0.0</SrcIPv4Addr><SrcIPv4Wildcard>0.0.255.255</SrcIPv4Wildcard></SrcIPv4>"
          + "<Counting>1</Counting></Rule></IPv4NamedAdvanceRules></ACL>";
  static final String PFILTER =
      "<ACL><PfilterApply><Pfilter><AppObjType>1</AppObjType><AppObjIndex>5</AppObjIndex><AppDirection>1</AppDirection>"
          + "<AppAclType>1</AppAclType><AppAclGroup>t-acme-in</AppAclGroup></Pfilter></PfilterApply></ACL>";

  static String op(String xml, String row, String operation) {
    return xml.replaceFirst("<" + row + ">", "<" + row + " xc:operation=\"" + operation + "\">");
  }

  record Case(
      String name,
      List<String> setup,
      String edit,
      String errorTag,
      String messagePart,
      List<String> runningHas,
      List<String> runningLacks) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Arguments> cases() {
    return Stream.of(
            new Case(
                "merge creates a VSI",
                List.of(),
                VSI,
                null,
                null,
                List.of("<VsiName>t-acme</VsiName>"),
                List.of()),
            new Case(
                "merge of an existing row updates only given columns",
                List.of(VSI + VXLAN),
                "<Ifmgr><Interfaces><Interface><IfIndex>5</IfIndex><Description>gpu</Description></Interface></Interfaces></Ifmgr>",
                null,
                null,
                List.of("<Description>gpu</Description>", "<PortLayer>1</PortLayer>"),
                List.of()),
            new Case(
                "create of an existing row is data-exists",
                List.of(VSI),
                op(VSI, "VSI", "create"),
                "data-exists",
                "already exists",
                List.of(),
                List.of()),
            new Case(
                "create of an absent row creates",
                List.of(),
                op(VSI, "VSI", "create"),
                null,
                null,
                List.of("t-acme"),
                List.of()),
            new Case(
                "delete of an absent row is data-missing",
                List.of(),
                op(VSI, "VSI", "delete"),
                "data-missing",
                "does not exist",
                List.of(),
                List.of()),
            new Case(
                "remove of an absent row is a no-op",
                List.of(),
                op(VSI, "VSI", "remove"),
                null,
                null,
                List.of(),
                List.of("t-acme")),
            new Case(
                "delete of an existing row deletes it",
                List.of(VSI),
                op(VSI, "VSI", "delete"),
                null,
                null,
                List.of(),
                List.of("t-acme")),
            new Case(
                "operation on the module is inherited by rows",
                List.of(VSI),
                VSI.replace("<L2VPN>", "<L2VPN xc:operation=\"remove\">"),
                null,
                null,
                List.of(),
                List.of("t-acme")),
            new Case(
                "remove with columns resets only those columns",
                List.of(),
                "<Ifmgr><Interfaces><Interface xc:operation=\"remove\"><IfIndex>7</IfIndex><Description/><AdminStatus/></Interface></Interfaces></Ifmgr>",
                null,
                null,
                List.of("<IfIndex>7</IfIndex><Name>FourHundredGigE1/0/7</Name>"),
                List.of()),
            new Case(
                "replace resets unnamed columns to defaults",
                List.of(
                    "<Ifmgr><Interfaces><Interface><IfIndex>6</IfIndex><Description>old</Description><PortLayer>2</PortLayer></Interface></Interfaces></Ifmgr>"),
                "<Ifmgr><Interfaces><Interface xc:operation=\"replace\"><IfIndex>6</IfIndex><AdminStatus>2</AdminStatus></Interface></Interfaces></Ifmgr>",
                null,
                null,
                List.of(
                    "<IfIndex>6</IfIndex><Name>FourHundredGigE1/0/6</Name><AbbreviatedName>400GE1/0/6</AbbreviatedName><AdminStatus>2</AdminStatus><PortLayer>1</PortLayer>"),
                List.of("<Description>old</Description>")),
            new Case(
                "merge on a physical interface that does not exist is invalid-value",
                List.of(),
                "<Ifmgr><Interfaces><Interface><IfIndex>999</IfIndex><Description>x</Description></Interface></Interfaces></Ifmgr>",
                "invalid-value",
                "does not exist",
                List.of(),
                List.of("999")),
            new Case(
                "a VXLAN needs its VSI",
                List.of(),
                VXLAN,
                "data-missing",
                "VSI t-acme does not exist",
                List.of(),
                List.of("10005")),
            new Case(
                "VSI then VXLAN in one message works in document order",
                List.of(),
                VSI + VXLAN,
                null,
                null,
                List.of("<VxlanID>10005</VxlanID>"),
                List.of()),
            new Case(
                "an AC needs its service instance",
                List.of(VSI),
                AC,
                "data-missing",
                "service instance 5,1",
                List.of(),
                List.of("<ACs>")),
            new Case(
                "an AC needs its VSI",
                List.of(SRV),
                AC,
                "data-missing",
                "VSI t-acme",
                List.of(),
                List.of("<ACs>")),
            new Case(
                "untagged SRV forces AccessMode ethernet",
                List.of(VSI, SRV),
                AC,
                null,
                null,
                List.of("<AccessMode>2</AccessMode>"),
                List.of()),
            new Case(
                "deleting a VSI in use by a VXLAN fails",
                List.of(VSI + VXLAN),
                op(VSI, "VSI", "delete"),
                "operation-failed",
                "in use by VXLAN 10005",
                List.of("t-acme"),
                List.of()),
            new Case(
                "a rule needs its ACL group",
                List.of(),
                RULE,
                "data-missing",
                "ACL 1,t-acme-in",
                List.of(),
                List.of("<Rule>")),
            new Case(
                "a packet filter needs its ACL group",
                List.of(),
                PFILTER,
                "data-missing",
                "ACL",
                List.of(),
                List.of("Pfilter")),
            new Case(
                "grouped columns and 0/1 booleans are stored",
                List.of(GROUP),
                RULE,
                null,
                null,
                List.of(
                    "<SrcIPv4><SrcIPv4Addr>10.5.0.0</SrcIPv4Addr><SrcIPv4Wildcard>0.0.255.255</SrcIPv4Wildcard></SrcIPv4>",
                    "<Counting>true</Counting>"),
                List.of()),
            new Case(
                "deleting an ACL group used by a packet filter fails",
                List.of(GROUP, PFILTER),
                op(GROUP.replace("<GroupCategory>2</GroupCategory>", ""), "Group", "delete"),
                "operation-failed",
                "in use by packet filter",
                List.of("t-acme-in"),
                List.of()),
            new Case(
                "VNI out of range is invalid-value",
                List.of(VSI),
                VXLAN.replace("10005", "16777216"),
                "invalid-value",
                "out of range 1..16777215",
                List.of(),
                List.of("16777216")),
            new Case(
                "VSI name longer than 31 characters is invalid-value",
                List.of(),
                VSI.replace("t-acme", "t-" + "a".repeat(30)),
                "invalid-value",
                "1-31 characters",
                List.of(),
                List.of()),
            new Case(
                "enum out of range is invalid-value",
                List.of(VSI),
                SRV.replace("<Encap>2</Encap>", "<Encap>13</Encap>"),
                "invalid-value",
                "Encap",
                List.of(),
                List.of("<SRVs>")),
            new Case(
                "ACL name 'all' is refused",
                List.of(),
                GROUP.replace("t-acme-in", "all"),
                "invalid-value",
                "not 'all'",
                List.of(),
                List.of()),
            new Case(
                "unknown module is Comware's unknown-element",
                List.of(),
                "<L2VPNX/>",
                "unknown-element",
                "Unexpected element 'http://www.h3c.com/netconf/config:1.0':'L2VPNX' under element '/rpc/edit-config[1]/config[1]/top[1]",
                List.of(),
                List.of()),
            new Case(
                "unknown column names its row in the path",
                List.of(),
                "<L2VPN><VSIs><VSI><VsiName>x</VsiName><Bogus>1</Bogus></VSI></VSIs></L2VPN>",
                "unknown-element",
                "'Bogus' under element '/rpc/edit-config[1]/config[1]/top[1]/L2VPN[1]/VSIs[1]/VSI[1]",
                List.of(),
                List.of()),
            new Case(
                "missing index column is missing-element",
                List.of(),
                "<L2VPN><SRVs><SRV><IfIndex>5</IfIndex></SRV></SRVs></L2VPN>",
                "missing-element",
                "SrvID",
                List.of(),
                List.of()),
            new Case(
                "a failing row leaves earlier rows of the message unapplied (test-then-set)",
                List.of(),
                VSI + VXLAN.replace("t-acme", "t-none"),
                "data-missing",
                "t-none",
                List.of(),
                List.of("t-acme")),
            new Case(
                "read-only Name cannot be changed",
                List.of(),
                "<Ifmgr><Interfaces><Interface><IfIndex>5</IfIndex><Name>x</Name></Interface></Interfaces></Ifmgr>",
                "invalid-value",
                "read-only",
                List.of(),
                List.of()))
        .map(Arguments::of);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void editSemantics(Case c) throws Exception {
    SwitchDevice d = DeviceFixture.leaf(Profile.COMWARE7, runtime);
    var s = d.openSession("admin", () -> {});
    for (String setup : c.setup()) {
      d.edit(
          s,
          Target.RUNNING,
          DeviceFixture.config(setup),
          EditOptions.defaults(),
          "/rpc/edit-config[1]/config[1]");
    }
    String before = d.runningXml();
    RpcException error = null;
    try {
      d.edit(
          s,
          Target.RUNNING,
          DeviceFixture.config(c.edit()),
          EditOptions.defaults(),
          "/rpc/edit-config[1]/config[1]");
    } catch (RpcException e) {
      error = e;
    }
    if (c.errorTag() == null) {
      assertThat(error).as("no error expected").isNull();
    } else {
      assertThat(error).as("an error is expected").isNotNull();
      assertThat(error.errors().get(0).tag()).isEqualTo(c.errorTag());
      assertThat(error.errors().get(0).message()).contains(c.messagePart());
      assertThat(d.runningXml()).as("a rejected edit changes nothing").isEqualTo(before);
    }
    String after = d.runningXml();
    for (String has : c.runningHas()) {
      assertThat(after).contains(has);
    }
    for (String lacks : c.runningLacks()) {
      assertThat(after).doesNotContain(lacks);
    }
  }

  @Test
  void testOnlyChangesNothingAndContinueOnErrorAppliesTheRest() throws Exception {
    SwitchDevice d = DeviceFixture.leaf(Profile.COMWARE7, runtime);
    var s = d.openSession("admin", () -> {});
    String before = d.runningXml();
    d.edit(
        s,
        Target.RUNNING,
        DeviceFixture.config(VSI),
        new EditOptions(
            EditOperation.MERGE,
            EditOptions.TestOption.TEST_ONLY,
            EditOptions.ErrorOption.STOP_ON_ERROR),
        "/c");
    assertThat(d.runningXml()).isEqualTo(before);
    RpcException e =
        catchThrowableOfType(
            () ->
                d.edit(
                    s,
                    Target.RUNNING,
                    DeviceFixture.config(VXLAN.replace("t-acme", "t-none") + VSI),
                    new EditOptions(
                        EditOperation.MERGE,
                        EditOptions.TestOption.TEST_THEN_SET,
                        EditOptions.ErrorOption.CONTINUE_ON_ERROR),
                    "/c"),
            RpcException.class);
    assertThat(e).as("the bad row is reported").isNotNull();
    assertThat(e.errors()).hasSize(1);
    assertThat(d.runningXml()).contains("<VsiName>t-acme</VsiName>").doesNotContain("10005");
  }

  @Test
  void defaultOperationNoneOnlyValidates() throws Exception {
    SwitchDevice d = DeviceFixture.leaf(Profile.COMWARE7, runtime);
    var s = d.openSession("admin", () -> {});
    String before = d.runningXml();
    d.edit(
        s,
        Target.RUNNING,
        DeviceFixture.config(VSI),
        new EditOptions(
            EditOperation.NONE,
            EditOptions.TestOption.TEST_THEN_SET,
            EditOptions.ErrorOption.STOP_ON_ERROR),
        "/c");
    assertThat(d.runningXml()).isEqualTo(before);
    d.edit(
        s,
        Target.RUNNING,
        DeviceFixture.config(op(VSI, "VSI", "merge")),
        new EditOptions(
            EditOperation.NONE,
            EditOptions.TestOption.TEST_THEN_SET,
            EditOptions.ErrorOption.STOP_ON_ERROR),
        "/c");
    assertThat(d.runningXml()).contains("t-acme");
  }
}
