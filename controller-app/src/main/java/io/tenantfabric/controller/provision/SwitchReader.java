package io.tenantfabric.controller.provision;

import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.comware.ComwareConfigReader;
import io.tenantfabric.southbound.comware.ComwareFeature;
import io.tenantfabric.southbound.comware.IfIndexMap;
import io.tenantfabric.southbound.comware.ParseScope;
import io.tenantfabric.southbound.comware.SentRead;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.SessionPool;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * Reads what a switch runs, over its pooled session, within the scope of a config (its managed and
 * baseline ports; every VSI and ACL): for drift checks and the {@code running} view. Callers that
 * must not interleave with a transaction on the switch run it on the provisioner thread. Two beans:
 * the provisioner's (primary) and the views' ({@code viewSwitchReader}, on sessions of its own).
 */
public class SwitchReader {

  private final SessionPool pool;

  SwitchReader(SessionPool pool) {
    this.pool = pool;
  }

  /** What {@code sw} runs, read in the scope of {@code expected}, and what the model cannot see. */
  public Running read(PendingSwitch sw, DeviceConfig expected) {
    try (NetconfSession session = pool.session(Endpoints.of(sw))) {
      ComwareConfigReader reader =
          new ComwareConfigReader(session, EnumSet.noneOf(ComwareFeature.class));
      // the resolve and the read go together: one round trip (a refused module is read again)
      SentRead sent = reader.send(Datastore.RUNNING, ParseScope.of(expected));
      IfIndexMap ifIndexes = sent.ifIndexes();
      ComwareConfigReader.ReadBack back = sent.readBack();
      return new Running(
          back.config(), back.anomalies(), ifIndexes, back.outboundFilters(), back.portLossless());
    } catch (RuntimeException e) {
      pool.evict(sw.name());
      throw e;
    }
  }

  /**
   * A switch's running config, the parser's anomalies, its ports' interface indexes, the outbound
   * IPv4 packet-filter of each managed port that has one, and the lossless settings of each port in
   * scope ({@code PortLossless.NONE} where none): the last two for the isolation verifier, which
   * must name a wrong-direction ACL and the port that lost PFC/ECN.
   */
  public record Running(
      DeviceConfig config,
      List<String> anomalies,
      IfIndexMap ifIndexes,
      Map<PortName, String> outboundFilters,
      SortedMap<PortName, PortLossless> portLossless) {}
}
