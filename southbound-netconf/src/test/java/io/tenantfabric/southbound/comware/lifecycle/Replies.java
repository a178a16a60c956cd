package io.tenantfabric.southbound.comware.lifecycle;

import io.tenantfabric.southbound.protocol.SecureXml;
import org.w3c.dom.Element;

/**
 * Replies of a Comware switch to the lifecycle reads, in the shapes of recorded Comware 7 replies
 * (pyhpecw7's test fixtures: {@code facts_base.xml}, {@code inventory.xml}, {@code
 * neighbors_lldp.xml}; an H3C release spelling {@code ChassisId} and {@code PortId}).
 */
final class Replies {
  private Replies() {}

  /** {@code facts_base.xml}: Device/Base as recorded, with columns the reader does not ask for. */
  static final String FACTS_BASE =
      """
      <Device><Base><Uptime>186705</Uptime><HostName>HP1</HostName>\
      <LocalTime>2011-01-03T03:50:39</LocalTime></Base></Device>""";

  /** {@code inventory.xml}: LLDP/Inventory as recorded. */
  static final String INVENTORY =
      """
      <LLDP><Inventory><HardwareRev>Ver.A</HardwareRev><SoftwareRev>7.1.045 ESS 2415</SoftwareRev>\
      <SerialNum>CN43G9800T</SerialNum><ModelName>HP FF 5930-32QSFP+ Switch</ModelName>\
      </Inventory></LLDP>""";

  /**
   * A leaf's LLDP neighbours, in the recorded element names: a spine that abbreviates its port, the
   * recorded row itself ({@code PERIMETER.cisco.com}, {@code Fa1/0/15}), a GPU NIC heard twice (its
   * firmware agent by MAC, lldpd as {@code mlx5_3} with the lower NeighborIndex), a breakout
   * sub-port in the other spelling, a management port, an IfIndex no interface has and a row
   * without IfIndex; with the interfaces' states (port 4 down, port 5 shut, port 6 without a
   * transceiver, port 7 without OperStatus).
   */
  static final String LEAF_NEIGHBOURS =
      """
      <top xmlns="http://www.h3c.com/netconf/data:1.0">
        <LLDP><LLDPNeighbors>
          <LLDPNeighbor><TimeMark>19268</TimeMark><IfIndex>1</IfIndex>\
      <NeighborIndex>1</NeighborIndex><SystemName>spine-01</SystemName>\
      <ChassisID>70ba-ef6a-0001</ChassisID><PortID>400GE1/0/33</PortID></LLDPNeighbor>
          <LLDPNeighbor><TimeMark>19268</TimeMark><IfIndex>2</IfIndex>\
      <NeighborIndex>1</NeighborIndex><SystemName>PERIMETER.cisco.com</SystemName>\
      <ChassisID>0014-1c57-a491</ChassisID><PortID>Fa1/0/15</PortID></LLDPNeighbor>
          <LLDPNeighbor><TimeMark>20011</TimeMark><IfIndex>3</IfIndex>\
      <NeighborIndex>2</NeighborIndex><SystemName>gpu-0003</SystemName>\
      <ChassisID>b8ce-f600-0003</ChassisID><PortID>b8ce-f600-0a03</PortID></LLDPNeighbor>
          <LLDPNeighbor><TimeMark>19877</TimeMark><IfIndex>3</IfIndex>\
      <NeighborIndex>1</NeighborIndex><SystemName>gpu-0003</SystemName>\
      <ChassisID>b8ce-f600-0003</ChassisID><PortID>mlx5_3</PortID></LLDPNeighbor>
          <LLDPNeighbor><TimeMark>2632</TimeMark><IfIndex>65</IfIndex>\
      <NeighborIndex>1</NeighborIndex><SystemName>spine-02</SystemName>\
      <ChassisId>70ba-ef6a-0002</ChassisId><PortId>FourHundredGigE1/0/7</PortId></LLDPNeighbor>
          <LLDPNeighbor><TimeMark>2632</TimeMark><IfIndex>2000</IfIndex>\
      <NeighborIndex>1</NeighborIndex><SystemName>oob-sw-01</SystemName>\
      <ChassisId>24bb-d1cd-0a00</ChassisId><PortId>GigabitEthernet1/0/12</PortId></LLDPNeighbor>
          <LLDPNeighbor><TimeMark>100</TimeMark><IfIndex>9999</IfIndex>\
      <NeighborIndex>1</NeighborIndex><SystemName>ghost</SystemName>\
      <PortID>400GE1/0/9</PortID></LLDPNeighbor>
          <LLDPNeighbor><TimeMark>100</TimeMark><NeighborIndex>1</NeighborIndex>\
      <SystemName>nameless</SystemName><PortID>eth0</PortID></LLDPNeighbor>
        </LLDPNeighbors></LLDP>
        <Ifmgr><Interfaces>
          <Interface><IfIndex>1</IfIndex><Name>FourHundredGigE1/0/1</Name>\
      <AdminStatus>1</AdminStatus><OperStatus>1</OperStatus></Interface>
          <Interface><IfIndex>2</IfIndex><Name>FourHundredGigE1/0/2</Name>\
      <AdminStatus>1</AdminStatus><OperStatus>1</OperStatus></Interface>
          <Interface><IfIndex>3</IfIndex><Name>FourHundredGigE1/0/3</Name>\
      <AdminStatus>1</AdminStatus><OperStatus>1</OperStatus></Interface>
          <Interface><IfIndex>4</IfIndex><Name>FourHundredGigE1/0/4</Name>\
      <AdminStatus>1</AdminStatus><OperStatus>2</OperStatus></Interface>
          <Interface><IfIndex>5</IfIndex><Name>FourHundredGigE1/0/5</Name>\
      <AdminStatus>2</AdminStatus><OperStatus>2</OperStatus></Interface>
          <Interface><IfIndex>6</IfIndex><Name>FourHundredGigE1/0/6</Name>\
      <AdminStatus>1</AdminStatus><OperStatus>6</OperStatus></Interface>
          <Interface><IfIndex>7</IfIndex><Name>FourHundredGigE1/0/7</Name>\
      <AdminStatus>1</AdminStatus></Interface>
          <Interface><IfIndex>65</IfIndex><Name>TwoHundredGigE1/0/33:1</Name>\
      <AdminStatus>1</AdminStatus><OperStatus>1</OperStatus></Interface>
          <Interface><IfIndex>2000</IfIndex><Name>M-GigabitEthernet0/0/0</Name>\
      <AdminStatus>1</AdminStatus><OperStatus>2</OperStatus></Interface>
        </Interfaces></Ifmgr>
      </top>""";

  /** The {@code <data>} of a get reply holding {@code top}. */
  static Element data(String top) {
    Element reply =
        SecureXml.parse(
                "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"7\">"
                    + "<data>"
                    + top
                    + "</data></rpc-reply>")
            .getDocumentElement();
    return (Element) reply.getElementsByTagNameNS("*", "data").item(0);
  }

  /** {@code modules} in a {@code <top>} of the given namespace. */
  static String top(String namespace, String modules) {
    return "<top xmlns=\"" + namespace + "\">" + modules + "</top>";
  }
}
