package io.tenantfabric.emulator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.datastore.EditOptions;
import io.tenantfabric.emulator.device.DeviceFixture;
import io.tenantfabric.emulator.device.DeviceSession;
import io.tenantfabric.emulator.device.EmulatorRuntime;
import io.tenantfabric.emulator.device.SwitchDevice;
import io.tenantfabric.emulator.device.Target;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CliInterpreterTest {
  static EmulatorRuntime runtime;
  SwitchDevice device;

  @BeforeAll
  static void up() {
    runtime = new EmulatorRuntime();
  }

  @AfterAll
  static void down() {
    runtime.close();
  }

  @BeforeEach
  void fresh() {
    device = DeviceFixture.leaf(Profile.COMWARE7, runtime);
  }

  static final List<String> TENANT =
      List.of(
          "vsi t-acme",
          " vxlan 10005",
          " evpn encapsulation vxlan",
          "  route-distinguisher auto",
          "  vpn-target auto",
          " quit",
          " quit",
          "interface FourHundredGigE1/0/5",
          " port link-mode bridge",
          " description t-acme gpu-node05 nic0",
          " service-instance 1",
          "  encapsulation untagged",
          "  xconnect vsi t-acme",
          " quit",
          " quit",
          "acl advanced name t-acme-in",
          " rule 10 permit ip source 10.5.0.0 0.0.255.255 destination 10.5.0.0 0.0.255.255",
          " rule 20 deny ip destination 10.0.0.0 0.255.255.255 counting",
          " rule 20 comment inter-tenant deny",
          " quit",
          "interface FourHundredGigE1/0/5",
          " packet-filter name t-acme-in inbound",
          " priority-flow-control enable",
          " priority-flow-control no-drop dot1p 3",
          " priority-flow-control deadlock enable",
          " qos trust dscp",
          " qos wred queue 3 drop-level 0 low-limit 6000 high-limit 12000 discard-probability 40",
          " qos wred queue 3 weighting-constant 0",
          " qos wred queue 3 ecn",
          " qos wfq byte-count",
          " quit",
          "qos trust tunnel-dot1p");

  @Test
  void theDriversTenantCommandsLandInTheTablesAndEchoWithoutErrors() {
    String echo = device.cli(TENANT);
    assertThat(echo)
        .startsWith(
            "<leaf-01>system-view\nSystem View: return to User View with Ctrl+Z.\n[leaf-01]vsi t-acme\n[leaf-01-vsi-t-acme]vxlan 10005\n")
        .contains("[leaf-01-FourHundredGigE1/0/5-srv1]xconnect vsi t-acme")
        .doesNotContain("%");
    String xml = device.runningXml();
    assertThat(xml)
        .contains("<Vxlan><VxlanID>10005</VxlanID><VsiName>t-acme</VsiName></Vxlan>")
        .contains("<SRV><IfIndex>5</IfIndex><SrvID>1</SrvID><Encap>2</Encap></SRV>")
        .contains(
            "<AC><IfIndex>5</IfIndex><SrvID>1</SrvID><VsiName>t-acme</VsiName><AccessMode>2</AccessMode></AC>")
        .contains("<Description>t-acme gpu-node05 nic0</Description>")
        .contains(
            "<DstIPv4><DstIPv4Addr>10.0.0.0</DstIPv4Addr><DstIPv4Wildcard>0.255.255.255</DstIPv4Wildcard></DstIPv4>")
        .contains("<AppAclGroup>t-acme-in</AppAclGroup>")
        .contains(
            "<Port><IfIndex>5</IfIndex><Enable>1</Enable><NoDropDot1p>3</NoDropDot1p><DeadlockEnable>true</DeadlockEnable></Port>")
        .contains(
            "<IfQueueWRED><IfIndex>5</IfIndex><QueueID>3</QueueID><ECN>true</ECN><WeightingConstant>0</WeightingConstant></IfQueueWRED>")
        .contains("<Global><TrustTunnelDot1p>true</TrustTunnelDot1p></Global>");
  }

  @Test
  void displayCurrentConfigurationReadsTheTablesBack() {
    device.cli(TENANT);
    String out = device.cliExecution("display current-configuration");
    assertThat(out)
        .contains(
            "vsi t-acme\n vxlan 10005\n evpn encapsulation vxlan\n  route-distinguisher auto\n  vpn-target auto\n#")
        .contains(
            "interface FourHundredGigE1/0/5\n port link-mode bridge\n description t-acme gpu-node05 nic0\n"
                + " priority-flow-control enable\n priority-flow-control no-drop dot1p 3\n priority-flow-control deadlock enable\n"
                + " qos trust dscp\n qos wred queue 3 drop-level 0 low-limit 6000 high-limit 12000 discard-probability 40\n"
                + " qos wred queue 3 weighting-constant 0\n qos wred queue 3 ecn\n"
                // the day-0 line comes first among the lines kept as text
                + " jumboframe enable 9416\n qos wfq byte-count\n"
                + " packet-filter name t-acme-in inbound\n service-instance 1\n  encapsulation untagged\n  xconnect vsi t-acme\n#")
        .contains(
            "acl advanced name t-acme-in\n rule 10 permit ip source 10.5.0.0 0.0.255.255 destination 10.5.0.0 0.0.255.255\n"
                + " rule 20 deny ip destination 10.0.0.0 0.255.255.255 counting\n rule 20 comment inter-tenant deny\n#")
        .contains(" qos trust tunnel-dot1p\n");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "unknown command|bogus|[leaf-01]bogus\\n         ^\\n % Unrecognized command found at '^' position.",
        "out-of-range VNI|vsi t-x;vxlan 16777216|[leaf-01-vsi-t-x]vxlan 16777216\\n                       ^\\n % Wrong parameter found at '^' position.",
        "incomplete command|vsi|% Incomplete command found at '^' position.",
        "xconnect to a missing VSI|interface FourHundredGigE1/0/7;port link-mode bridge;service-instance 2;encapsulation untagged;xconnect vsi t-none|The specified VSI doesn't exist.",
        "service-instance needs bridge mode|interface FourHundredGigE1/0/8;port link-mode route;service-instance 2|[leaf-01-FourHundredGigE1/0/8]service-instance 2\\n                              ^\\n % Unrecognized command found at '^' position.",
        "unknown interface|interface FourHundredGigE1/0/99|% Wrong parameter found at '^' position.",
        "vsi without l2vpn|undo l2vpn enable;vsi t-y|The feature L2VPN has not been enabled.",
        "packet-filter to a missing ACL|interface FourHundredGigE1/0/9;packet-filter name nope inbound|The specified ACL 1,nope does not exist.",
        "vxlan used by another VSI|vsi a;vxlan 7;quit;vsi b;vxlan 7|The VXLAN ID has been used by another VSI.",
        "unknown in a sub-view and its parents|vsi t-q;bogus|[leaf-01-vsi-t-q]bogus\\n                 ^\\n % Unrecognized command found at '^' position.\\n[leaf-01-vsi-t-q]",
        "comment on a missing rule|acl advanced name a;rule 5 comment x|The rule doesn't exist.",
        "quit leaves system view|quit;vsi t-z|<leaf-01>vsi t-z\\n         ^\\n % Unrecognized command found at '^' position."
      })
  void errorsAppearInTheEcho(String name, String lines, String expected) {
    String echo = device.cli(List.of(lines.split(";")));
    assertThat(echo).contains(expected.replace("\\n", "\n"));
  }

  @Test
  void undoCommandsRemoveWhatTheyCreated() {
    device.cli(TENANT);
    device.cli(
        List.of(
            "interface FourHundredGigE1/0/5",
            " undo packet-filter name t-acme-in inbound",
            " undo service-instance 1",
            " undo description",
            " quit",
            "undo acl advanced name t-acme-in",
            "undo vsi t-acme"));
    String xml = device.runningXml();
    assertThat(xml).doesNotContain("t-acme", "<SRV>", "<Vxlan>", "<Rule>");
  }

  static final String PFILTER_OUT_5 =
      "<Pfilter><AppObjType>1</AppObjType><AppObjIndex>5</AppObjIndex><AppDirection>2</AppDirection>"
          + "<AppAclType>1</AppAclType><AppAclGroup>t-acme-in</AppAclGroup></Pfilter>";

  @Test
  void outboundPacketFilterOverNetconfCliIsAPfilterRowWithDirection2BesideTheInboundOne()
      throws Exception {
    device.cli(TENANT);
    DeviceSession s = device.openSession("admin", () -> {});
    String echo =
        device.cliConfiguration(
            s, "interface FourHundredGigE1/0/5\n packet-filter name t-acme-in outbound");
    assertThat(echo).doesNotContain("%");
    assertThat(device.runningXml())
        .contains(PFILTER_OUT_5)
        .contains(PFILTER_OUT_5.replace(">2</AppDirection>", ">1</AppDirection>"));
    assertThat(device.cliExecution("display current-configuration"))
        .contains(
            " packet-filter name t-acme-in inbound\n packet-filter name t-acme-in outbound\n");
  }

  @Test
  void undoOutboundPacketFilterLeavesTheInboundOne() {
    device.cli(TENANT);
    device.cli(List.of("interface FourHundredGigE1/0/5", " packet-filter name t-acme-in outbound"));
    String echo =
        device.cli(
            List.of(
                "interface FourHundredGigE1/0/5", " undo packet-filter name t-acme-in outbound"));
    assertThat(echo).doesNotContain("%");
    assertThat(device.runningXml())
        .doesNotContain(PFILTER_OUT_5)
        .contains(PFILTER_OUT_5.replace(">2</AppDirection>", ">1</AppDirection>"));
    assertThat(device.cliExecution("display current-configuration"))
        .contains(" packet-filter name t-acme-in inbound\n")
        .doesNotContain("outbound");
  }

  @Test
  void pfilterRowWithDirection2EditedAsXmlShowsAsOutboundInTheCli() throws Exception {
    device.cli(List.of("acl advanced name t-acme-in"));
    DeviceSession s = device.openSession("admin", () -> {});
    device.edit(
        s,
        Target.RUNNING,
        DeviceFixture.config("<ACL><PfilterApply>" + PFILTER_OUT_5 + "</PfilterApply></ACL>"),
        EditOptions.defaults(),
        "/rpc/edit-config[1]/config[1]");
    assertThat(device.cliExecution("display current-configuration"))
        .contains("interface FourHundredGigE1/0/5\n")
        .contains(" packet-filter name t-acme-in outbound\n")
        .doesNotContain(" packet-filter name t-acme-in inbound");
    assertThat(device.cli(List.of("undo acl advanced name t-acme-in")))
        .contains("The ACL t-acme-in is applied by a packet filter and can't be deleted.");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "s-vid 100|<Encap>4</Encap><SVlanRange>100</SVlanRange>",
        "s-vid 100 only-tagged|<Encap>5</Encap><SVlanRange>100</SVlanRange>",
        "s-vid 100 c-vid 200|<Encap>6</Encap><SVlanRange>100</SVlanRange><CVlanRange>200</CVlanRange>",
        "s-vid 100 c-vid all|<Encap>10</Encap><SVlanRange>100</SVlanRange>",
        "c-vid 200|<Encap>7</Encap><CVlanRange>200</CVlanRange>",
        "tagged|<Encap>3</Encap>",
        "default|<Encap>1</Encap>"
      })
  void aServiceInstanceOfAnyEncapsulationBindsATenantPortIntoAnotherVsi(
      String encapsulation, String srvColumns) {
    device.cli(TENANT);
    String echo =
        device.cli(
            List.of(
                "vsi t-other",
                " vxlan 10006",
                " quit",
                "interface FourHundredGigE1/0/5",
                " service-instance 2",
                "  encapsulation " + encapsulation,
                "  xconnect vsi t-other"));
    assertThat(echo).doesNotContain("%");
    assertThat(device.runningXml())
        .contains("<SRV><IfIndex>5</IfIndex><SrvID>2</SrvID>" + srvColumns + "</SRV>")
        .contains("<AC><IfIndex>5</IfIndex><SrvID>2</SrvID><VsiName>t-other</VsiName>");
    assertThat(device.cliExecution("display current-configuration"))
        .contains(
            " service-instance 1\n  encapsulation untagged\n  xconnect vsi t-acme\n"
                + " service-instance 2\n  encapsulation "
                + encapsulation
                + "\n  xconnect vsi t-other\n");
  }

  @Test
  void aQinqServiceInstanceEditedAsXmlShowsWithItsVlansInTheCli() throws Exception {
    device.cli(TENANT);
    DeviceSession s = device.openSession("admin", () -> {});
    device.edit(
        s,
        Target.RUNNING,
        DeviceFixture.config(
            "<L2VPN><SRVs><SRV><IfIndex>5</IfIndex><SrvID>2</SrvID><Encap>6</Encap>"
                + "<SVlanRange>100</SVlanRange><CVlanRange>200</CVlanRange></SRV></SRVs>"
                + "<ACs><AC><IfIndex>5</IfIndex><SrvID>2</SrvID><VsiName>t-acme</VsiName>"
                + "</AC></ACs></L2VPN>"),
        EditOptions.defaults(),
        "/rpc/edit-config[1]/config[1]");
    assertThat(device.cliExecution("display current-configuration"))
        .contains(
            " service-instance 2\n  encapsulation s-vid 100 c-vid 200\n  xconnect vsi t-acme");
  }

  @Test
  void packetFiltersOfOtherFamiliesAreRowsOfTheirAclTypeAndShowWithTheirKeyword() {
    device.cli(TENANT);
    String echo =
        device.cli(
            List.of(
                "interface FourHundredGigE1/0/5",
                " packet-filter ipv6 name v6-any outbound",
                " packet-filter mac name m-any inbound hardware-count"));
    assertThat(echo).doesNotContain("%");
    assertThat(device.runningXml())
        .contains(
            "<AppDirection>2</AppDirection><AppAclType>2</AppAclType><AppAclGroup>v6-any</AppAclGroup>")
        .contains(
            "<AppDirection>1</AppDirection><AppAclType>3</AppAclType><AppAclGroup>m-any</AppAclGroup>");
    assertThat(device.cliExecution("display current-configuration"))
        .contains(" packet-filter ipv6 name v6-any outbound\n")
        .contains(" packet-filter mac name m-any inbound\n");
    device.cli(
        List.of("interface FourHundredGigE1/0/5", " undo packet-filter ipv6 name v6-any outbound"));
    assertThat(device.runningXml()).doesNotContain("v6-any");
  }

  @Test
  void abbreviatedInterfaceNamesAndShutdown() {
    device.cli(List.of("interface 400GE1/0/3", " shutdown"));
    assertThat(device.runningXml())
        .contains(
            "<IfIndex>3</IfIndex><Name>FourHundredGigE1/0/3</Name><AbbreviatedName>400GE1/0/3</AbbreviatedName><AdminStatus>2</AdminStatus>");
    device.cli(List.of("interface 400GE1/0/3", " undo shutdown"));
    assertThat(device.runningXml())
        .contains(
            "<Name>FourHundredGigE1/0/3</Name><AbbreviatedName>400GE1/0/3</AbbreviatedName><AdminStatus>1</AdminStatus>");
  }

  @Test
  void breakoutSplitsAPortIntoTwo200gChildrenAndMergesBack() {
    String echo =
        device.cli(
            List.of(
                "interface FourHundredGigE1/0/7",
                " using twohundredgige",
                "interface TwoHundredGigE1/0/7:2",
                " description half"));
    assertThat(echo).doesNotContain("%");
    assertThat(device.runningXml())
        .doesNotContain("<Name>FourHundredGigE1/0/7</Name>")
        .contains(
            "<IfIndex>65</IfIndex><Name>TwoHundredGigE1/0/7:1</Name><AbbreviatedName>200GE1/0/7:1</AbbreviatedName>")
        .contains(
            "<IfIndex>66</IfIndex><Name>TwoHundredGigE1/0/7:2</Name><AbbreviatedName>200GE1/0/7:2</AbbreviatedName><Description>half</Description>");
    device.cli(List.of("interface TwoHundredGigE1/0/7:1", " using fourhundredgige"));
    assertThat(device.runningXml())
        .contains("<IfIndex>7</IfIndex><Name>FourHundredGigE1/0/7</Name>")
        .doesNotContain("TwoHundredGigE1/0/7");
    device.cli(List.of("interface FourHundredGigE1/0/8", " packet-filter name none inbound"));
    device.cli(
        List.of(
            "acl advanced name a8",
            "interface FourHundredGigE1/0/8",
            " packet-filter name a8 inbound"));
    assertThat(device.cli(List.of("interface FourHundredGigE1/0/8", " using twohundredgige")))
        .contains("Please remove the configuration of FourHundredGigE1/0/8 first.");
  }

  @Test
  void sysnameRenamesEveryPromptAtOnceAndUndoRestoresTheFactoryName() {
    assertThat(device.cli(List.of("sysname leaf-x", "vsi t-a")))
        .contains("[leaf-01]sysname leaf-x\n[leaf-x]vsi t-a\n[leaf-x-vsi-t-a]\n");
    assertThat(device.cli(List.of("undo sysname"))).endsWith("[leaf-x]undo sysname\n[H3C]\n");
    assertThat(device.cliExecution("display current-configuration")).contains(" sysname H3C\n");
  }

  @Test
  void theDay0GlobalsCanBeUndoneAndTypedAgain() {
    String echo =
        device.cli(
            List.of(
                "undo lldp global enable",
                "undo tunnel global source-address",
                "undo bgp",
                "tunnel global source-address 10.9.9.9"));
    assertThat(echo).doesNotContain("%");
    assertThat(device.cliExecution("display current-configuration"))
        .contains(" tunnel global source-address 10.9.9.9\n")
        .doesNotContain("lldp", "bgp", "peer");
  }

  @Test
  void theBgpViewsHaveTheirPromptsAndCheckTheirPeers() {
    String echo =
        device.cli(
            List.of(
                "bgp 65000",
                " peer 10.255.0.2 as-number 65000",
                " peer 10.9.9.9 connect-interface LoopBack0",
                " address-family l2vpn evpn",
                "  peer 10.255.0.2 enable",
                "  peer 10.255.0.3 enable",
                "  quit",
                " quit",
                "bgp 65001",
                "tunnel global source-address 10.1.1"));
    assertThat(echo)
        .contains("[leaf-01-bgp-default]peer 10.255.0.2 as-number 65000\n[leaf-01-bgp-default]")
        .contains(
            "[leaf-01-bgp-default]peer 10.9.9.9 connect-interface LoopBack0\n"
                + "The specified peer does not exist.\n")
        .contains("[leaf-01-bgp-default-evpn]peer 10.255.0.2 enable\n[leaf-01-bgp-default-evpn]")
        .contains(
            "[leaf-01-bgp-default-evpn]peer 10.255.0.3 enable\nThe specified peer does not exist.\n")
        .contains("[leaf-01]bgp 65001\n             ^\n % Wrong parameter found at '^' position.")
        .contains(
            "[leaf-01]tunnel global source-address 10.1.1\n"
                + "                                      ^\n % Wrong parameter found at '^' position.");
    assertThat(device.cliExecution("display current-configuration"))
        .contains(
            "bgp 65000\n"
                + " peer 10.255.0.1 as-number 65000\n"
                + " peer 10.255.0.2 as-number 65000\n"
                + " peer 10.255.0.1 connect-interface LoopBack0\n"
                + " #\n"
                + " address-family l2vpn evpn\n"
                + "  peer 10.255.0.1 enable\n"
                + "  peer 10.255.0.2 enable\n#\n")
        .contains(" tunnel global source-address 10.255.1.1\n");
  }

  @Test
  void unknownDisplaysAreRefusedWithTheCaretUnderTheUnknownWord() {
    assertThat(device.cliExecution("display lldp neighbor-information brief"))
        .contains(" % Unrecognized command found at '^' position.");
    assertThat(device.cliExecution("display nothing"))
        .contains("<leaf-01>display nothing\n                 ^\n % Unrecognized command");
  }
}
