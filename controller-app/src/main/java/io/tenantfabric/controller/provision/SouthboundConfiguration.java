package io.tenantfabric.controller.provision;

import io.tenantfabric.db.lifecycle.CablingCheckStore;
import io.tenantfabric.db.lifecycle.CablingStore;
import io.tenantfabric.db.lifecycle.Day0Records;
import io.tenantfabric.db.operation.FabricOperationStore;
import io.tenantfabric.db.provisioning.BatchLog;
import io.tenantfabric.db.provisioning.IntentGenerations;
import io.tenantfabric.db.provisioning.ReconcileStore;
import io.tenantfabric.db.provisioning.SnapshotReads;
import io.tenantfabric.db.provisioning.SwitchStates;
import io.tenantfabric.southbound.session.Backoff;
import io.tenantfabric.southbound.session.NetconfClient;
import io.tenantfabric.southbound.session.SessionPool;
import io.tenantfabric.southbound.session.SessionSettings;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;

/**
 * The NETCONF client and its session pools (one kept session per switch, host keys pinned per
 * endpoint from the inventory's {@code hostKeySha256}, every step with its own timeout): the
 * provisioner's, and the views' own; the readers on each; and the db module's provisioning,
 * reconcile, lifecycle and fabric operation stores.
 */
@Configuration
@EnableConfigurationProperties(ProvisioningProperties.class)
// the app scans only its own packages
@Import({
  IntentGenerations.class,
  SnapshotReads.class,
  BatchLog.class,
  SwitchStates.class,
  ReconcileStore.class,
  Day0Records.class,
  CablingStore.class,
  CablingCheckStore.class,
  FabricOperationStore.class
})
class SouthboundConfiguration {

  @Bean(destroyMethod = "close")
  NetconfClient netconfClient() {
    return new NetconfClient();
  }

  @Bean(destroyMethod = "close")
  @Primary
  SessionPool sessionPool(NetconfClient client, ProvisioningProperties p) {
    return pool(client, p);
  }

  /**
   * The views' own sessions: a live read for a view runs on a request thread, and a read that fails
   * evicts its session; on the provisioner's pool that could close a session in the middle of a
   * transaction (and roll its save-point back).
   */
  @Bean(destroyMethod = "close")
  SessionPool viewSessionPool(NetconfClient client, ProvisioningProperties p) {
    return pool(client, p);
  }

  /** The provisioner's and reconciler's reader, on the provisioner's sessions. */
  @Bean
  @Primary
  SwitchReader switchReader(SessionPool sessionPool) {
    return new SwitchReader(sessionPool);
  }

  /** The views' reader, on their own sessions. */
  @Bean
  SwitchReader viewSwitchReader(@Qualifier("viewSessionPool") SessionPool viewSessionPool) {
    return new SwitchReader(viewSessionPool);
  }

  private static SessionPool pool(NetconfClient client, ProvisioningProperties p) {
    SessionSettings settings =
        SessionSettings.defaults()
            .withTimeouts(p.connectTimeout(), p.connectTimeout(), p.connectTimeout())
            .withRpcTimeout(p.rpcTimeout());
    // one connect attempt: the provisioner retries a switch with its own back-off, so that a dead
    // switch never holds a batch (and the other switches' open save-points) for seconds
    return new SessionPool(
        client, settings, new Backoff(Duration.ofMillis(100), Duration.ofMillis(100), 1.0, 0, 1));
  }
}
