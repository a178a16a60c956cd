package io.tenantfabric.southbound.comware.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.lifecycle.SwitchIdentity;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The identity read's parse, from the recorded shapes of Device/Base and LLDP/Inventory. */
class IdentityReadTest {
  static final SwitchIdentity RECORDED =
      new SwitchIdentity("HP1", "CN43G9800T", "HP FF 5930-32QSFP+ Switch", "7.1.045 ESS 2415");

  @Test
  void theRecordedBaseAndInventoryReadInAnyNamespace() {
    for (String ns :
        List.of(
            "http://www.h3c.com/netconf/data:1.0",
            "http://www.hp.com/netconf/data:1.0",
            "http://www.h3c.com/netconf/config:1.0")) {
      String top = Replies.top(ns, Replies.FACTS_BASE + Replies.INVENTORY);

      assertThat(IdentityReply.parse(Replies.data(top))).as(ns).isEqualTo(RECORDED);
    }
  }

  @Test
  void theRecordedInventoryReadsWithoutANamespaceToo() {
    // inventory.xml was recorded as a bare <top>
    String top = "<top>" + Replies.INVENTORY + Replies.FACTS_BASE + "</top>";

    assertThat(IdentityReply.parse(Replies.data(top))).isEqualTo(RECORDED);
  }

  @Test
  void whatTheSwitchDoesNotReportIsEmpty() {
    String onlyBase = Replies.top("http://www.h3c.com/netconf/data:1.0", Replies.FACTS_BASE);
    String blankHost =
        Replies.top(
            "http://www.h3c.com/netconf/data:1.0",
            "<Device><Base><HostName>  </HostName></Base></Device>"
                + "<LLDP><Inventory><SerialNum>CN43G9800T</SerialNum></Inventory></LLDP>");

    assertThat(IdentityReply.parse(Replies.data(onlyBase)))
        .isEqualTo(new SwitchIdentity("HP1", "", "", ""));
    assertThat(IdentityReply.parse(Replies.data(blankHost)))
        .isEqualTo(new SwitchIdentity("", "CN43G9800T", "", ""));
    assertThat(IdentityReply.parse(Replies.data("")))
        .as("an empty <data/>")
        .isEqualTo(new SwitchIdentity("", "", "", ""));
  }
}
