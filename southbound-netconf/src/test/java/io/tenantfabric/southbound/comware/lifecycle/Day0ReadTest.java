package io.tenantfabric.southbound.comware.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.lifecycle.Day0Facts;
import io.tenantfabric.model.testing.GoldenFiles;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * The day-0 read's parse: host name and interfaces from the tables, L2VPN from its table or its CLI
 * line, and LLDP, the VTEP source, the EVPN peers and jumbo frames from the configuration text.
 */
class Day0ReadTest {
  static final String DATA = "http://www.h3c.com/netconf/data:1.0";

  static final String TABLES =
      Replies.top(
          DATA,
          "<Device><Base><HostName>leaf-01</HostName></Base></Device>"
              + "<Ifmgr><Interfaces>"
              + "<Interface><IfIndex>1</IfIndex><Name>FourHundredGigE1/0/1</Name></Interface>"
              + "<Interface><IfIndex>2</IfIndex><Name>FourHundredGigE1/0/2</Name></Interface>"
              + "<Interface><IfIndex>33</IfIndex><Name>FourHundredGigE1/0/33</Name></Interface>"
              + "<Interface><IfIndex>65</IfIndex><Name>TwoHundredGigE1/0/34:1</Name></Interface>"
              + "<Interface><IfIndex>900</IfIndex><Name>M-GigabitEthernet0/0/0</Name></Interface>"
              + "</Interfaces></Ifmgr>");

  static final Optional<Element> L2VPN_ON =
      Optional.of(
          Replies.data(Replies.top(DATA, "<L2VPN><Base><Enable>true</Enable></Base></L2VPN>")));

  @Test
  void aLeafWithEveryDay0LineReadsAsTheGolden() {
    Day0Facts f = Day0Reply.facts(Replies.data(TABLES), L2VPN_ON, Day0Texts.LEAF);
    GoldenFiles.assertMatches("lifecycle", "day0-leaf.txt", LifecycleText.of(f));

    assertThat(f)
        .isEqualTo(
            new Day0Facts(
                "leaf-01",
                true,
                true,
                Optional.of("10.255.1.1"),
                Set.of("10.255.0.1", "10.255.0.2"),
                Set.of(
                    "FourHundredGigE1/0/1",
                    "FourHundredGigE1/0/2",
                    "FourHundredGigE1/0/33",
                    "TwoHundredGigE1/0/34:1",
                    "M-GigabitEthernet0/0/0"),
                Map.of(
                    "FourHundredGigE1/0/1", 9416,
                    "FourHundredGigE1/0/2", 9416,
                    "FourHundredGigE1/0/33", 9416)));
  }

  @Test
  void eachMissingLineIsMissingFromTheFacts() {
    assertThat(read(Day0Texts.without("lldp global enable")).lldpEnabled()).isFalse();
    assertThat(read(Day0Texts.without("tunnel global source-address")).vtepSource()).isEmpty();
    assertThat(read(Day0Texts.without("  peer ")).evpnPeers()).isEmpty();
    assertThat(read(Day0Texts.without("jumboframe")).jumboFrames()).isEmpty();
    assertThat(read(Day0Texts.without("address-family l2vpn evpn")).evpnPeers())
        .as("peer X enable outside the EVPN family")
        .isEmpty();
    assertThat(
            Day0Reply.facts(
                    Replies.data(TABLES), Optional.empty(), Day0Texts.without("l2vpn enable"))
                .l2vpnEnabled())
        .as("refused in XML and no l2vpn enable line")
        .isFalse();
    assertThat(
            Day0Reply.facts(
                    Replies.data(Replies.top(DATA, "")), L2VPN_ON, Day0Texts.without("sysname"))
                .hostName())
        .as("no HostName in the tables and no sysname line")
        .isEmpty();
  }

  @Test
  void aJumboframeWithoutSizeIsTheDefaultAndAnUndoneOneIsAbsent() {
    String text =
        Day0Texts.LEAF
            .replace(
                "interface FourHundredGigE1/0/1\n port link-mode bridge\n jumboframe enable 9416",
                "interface FourHundredGigE1/0/1\n port link-mode bridge\n jumboframe enable")
            .replace(
                "interface FourHundredGigE1/0/33\n port link-mode bridge\n jumboframe enable 9416",
                "interface FourHundredGigE1/0/33\n port link-mode bridge\n undo jumboframe enable");

    assertThat(read(text).jumboFrames())
        .isEqualTo(Map.of("FourHundredGigE1/0/1", 9416, "FourHundredGigE1/0/2", 9416));
    assertThat(
            read(Day0Texts.LEAF.replace("jumboframe enable 9416", "jumboframe enable 1536"))
                .jumboFrames())
        .containsEntry("FourHundredGigE1/0/2", 1536);
  }

  @Test
  void onlyPeersEnabledInTheEvpnFamilyCount() {
    String text =
        Day0Texts.LEAF.replace(
            " address-family l2vpn evpn\n  peer 10.255.0.1 enable\n  peer 10.255.0.2 enable\n",
            " address-family ipv4 unicast\n  peer 10.255.0.2 enable\n #\n"
                + " address-family l2vpn evpn\n  peer 10.255.0.1 enable\n #\n"
                + " address-family ipv6 unicast\n  peer 10.255.0.9 enable\n");

    assertThat(read(text).evpnPeers()).containsExactly("10.255.0.1");
    assertThat(read(Day0Texts.without("  peer ")).evpnPeers())
        .as("peers only configured (as-number, connect-interface)")
        .isEmpty();
  }

  @Test
  void globalLinesAfterTheInterfacesAreStillGlobal() {
    // a real switch prints many global lines after its interfaces, each group after a "#"
    String moved =
        Day0Texts.without("lldp global enable", "tunnel global source-address")
            .replace(
                "return\n",
                " lldp global enable\n tunnel global source-address 10.255.1.9\n#\nreturn\n");

    Day0Facts f = read(moved);

    assertThat(f.lldpEnabled()).isTrue();
    assertThat(f.vtepSource()).contains("10.255.1.9");
    assertThat(f.jumboFrames()).containsEntry("FourHundredGigE1/0/33", 9416);
  }

  @Test
  void l2vpnIsItsTableWhenTheSwitchAnswersItAndItsCliLineWhenRefused() {
    String off = Replies.top(DATA, "<L2VPN><Base><Enable>false</Enable></Base></L2VPN>");
    String one = Replies.top(DATA, "<L2VPN><Base><Enable>1</Enable></Base></L2VPN>");
    String noColumn =
        Replies.top(
            DATA, "<L2VPN><Base><SupportVsiInterface>true</SupportVsiInterface></Base></L2VPN>");

    assertThat(facts(Optional.of(Replies.data(off)), Day0Texts.LEAF).l2vpnEnabled())
        .as("the table wins over the text")
        .isFalse();
    assertThat(
            facts(Optional.of(Replies.data(one)), Day0Texts.without("l2vpn enable")).l2vpnEnabled())
        .isTrue();
    assertThat(facts(Optional.empty(), Day0Texts.LEAF).l2vpnEnabled())
        .as("refused in XML: the l2vpn enable line")
        .isTrue();
    assertThat(facts(Optional.of(Replies.data(noColumn)), Day0Texts.LEAF).l2vpnEnabled())
        .as("a Base row without Enable: the line")
        .isTrue();
  }

  @Test
  void theHostNameIsDeviceBaseAndTheSysnameOnlyWhenTheTableHasNone() {
    String renamed = Day0Texts.LEAF.replace("sysname leaf-01", "sysname leaf-99");
    String noBase =
        Replies.top(
            DATA,
            "<Ifmgr><Interfaces><Interface><Name>FourHundredGigE1/0/1</Name></Interface></Interfaces></Ifmgr>");

    assertThat(read(renamed).hostName()).isEqualTo("leaf-01");
    assertThat(Day0Reply.facts(Replies.data(noBase), L2VPN_ON, renamed).hostName())
        .isEqualTo("leaf-99");
  }

  @Test
  void anEmptyConfigurationAndEmptyTablesHaveNoDay0() {
    Day0Facts f = Day0Reply.facts(Replies.data(""), Optional.empty(), "");

    assertThat(f)
        .isEqualTo(new Day0Facts("", false, false, Optional.empty(), Set.of(), Set.of(), Map.of()));
  }

  private static Day0Facts read(String text) {
    return Day0Reply.facts(Replies.data(TABLES), L2VPN_ON, text);
  }

  private static Day0Facts facts(Optional<Element> l2vpn, String text) {
    return Day0Reply.facts(Replies.data(TABLES), l2vpn, text);
  }
}
