package io.tenantfabric.southbound.comware;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.southbound.protocol.SecureXml;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/** parse(render(config)) == config, through the XML tables and through the CLI text. */
class ComwareRoundTripTest {

  @Test
  void leafWithThirtyTwoTenantsSurvivesXmlRoundTrip() {
    DeviceConfig config = Fixtures.leafWithTenants(32);
    assertThat(viaXml(config)).isEqualTo(config);
  }

  @Test
  void leafWithThirtyTwoTenantsSurvivesCliRoundTrip() {
    DeviceConfig config = Fixtures.leafWithTenants(32);
    assertThat(viaCli(config)).isEqualTo(config);
  }

  @Test
  void emptyAndOneTenantLeavesSurviveBothRoundTrips() {
    for (DeviceConfig c : new DeviceConfig[] {Fixtures.emptyLeaf(), Fixtures.oneTenantOnePort()}) {
      assertThat(viaXml(c)).isEqualTo(c);
      assertThat(viaCli(c)).isEqualTo(c);
    }
  }

  @Test
  void parserAcceptsNumericBooleansAndTheDataNamespace() {
    String xml =
        "<data xmlns='urn:ietf:params:xml:ns:netconf:base:1.0'><top xmlns='http://www.h3c.com/netconf/data:1.0'><ACL>"
            + "<NamedGroups><Group><GroupType>1</GroupType><GroupIndex>t-x-in</GroupIndex><GroupCategory>2</GroupCategory></Group></NamedGroups>"
            + "<IPv4NamedAdvanceRules><Rule><GroupIndex>t-x-in</GroupIndex><RuleID>5</RuleID><Action>1</Action>"
            + "<ProtocolType>256</ProtocolType><SrcAny>1</SrcAny><DstAny>0</DstAny>"
            + "<DstIPv4><DstIPv4Addr>10.0.0.0</DstIPv4Addr><DstIPv4Wildcard>0.255.255.255</DstIPv4Wildcard></DstIPv4>"
            + "<Counting>1</Counting></Rule></IPv4NamedAdvanceRules></ACL></top></data>";
    ObservedConfig o =
        ComwareXmlParser.parse(SecureXml.parse(xml).getDocumentElement(), Fixtures.ifIndexes());
    var rule = o.acls.get("t-x-in").get(0);
    assertThat(rule.source()).isEmpty();
    assertThat(rule.destination()).hasValue(Fixtures.SUPERNET);
    assertThat(rule.counting()).isTrue();
  }

  /** XML for the tables, the CLI text for lossless QoS (which has no trusted XML form). */
  static DeviceConfig viaXml(DeviceConfig config) {
    String wire = SecureXml.toString(ComwareXml.render(config, Fixtures.ifIndexes()));
    Element top = SecureXml.parse(wire).getDocumentElement();
    ObservedConfig fromXml = ComwareXmlParser.parse(top, Fixtures.ifIndexes());
    ObservedConfig fromCli = ComwareCliParser.parse(ComwareCli.text(ComwareCli.render(config)));
    fromXml.take(ComwareFeature.QOS, fromCli);
    DeviceConfig parsed = fromXml.toDeviceConfig(ParseScope.of(config));
    assertThat(fromXml.anomalies()).isEmpty();
    return parsed;
  }

  static DeviceConfig viaCli(DeviceConfig config) {
    ObservedConfig o = ComwareCliParser.parse(ComwareCli.text(ComwareCli.render(config)));
    DeviceConfig parsed = o.toDeviceConfig(ParseScope.of(config));
    assertThat(o.anomalies()).isEmpty();
    return parsed;
  }
}
