package io.tenantfabric.controller.provision;

import io.tenantfabric.db.provisioning.ProvisioningStore;
import io.tenantfabric.southbound.session.Backoff;
import io.tenantfabric.southbound.session.NetconfClient;
import io.tenantfabric.southbound.session.SessionPool;
import io.tenantfabric.southbound.session.SessionSettings;
import java.time.Duration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The NETCONF client and its session pool (one kept session per switch, host keys pinned per
 * endpoint from the inventory's {@code hostKeySha256}, every step with its own timeout), and the db
 * module's provisioning store.
 */
@Configuration
@EnableConfigurationProperties(ProvisioningProperties.class)
@Import(ProvisioningStore.class) // the application scans only its own packages
class SouthboundConfiguration {

  @Bean(destroyMethod = "close")
  NetconfClient netconfClient() {
    return new NetconfClient();
  }

  @Bean(destroyMethod = "close")
  SessionPool sessionPool(NetconfClient client, ProvisioningProperties p) {
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
