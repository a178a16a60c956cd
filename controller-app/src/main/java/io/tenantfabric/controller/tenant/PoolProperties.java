package io.tenantfabric.controller.tenant;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code fabric.pools.*}: how long a deleted tenant's VNI and prefix rest before reuse (default 24
 * hours), so that a late packet or a stale switch entry never reaches the next tenant.
 */
@ConfigurationProperties("fabric.pools")
public record PoolProperties(@DefaultValue("24h") Duration quarantine) {

  public PoolProperties {
    if (quarantine == null || quarantine.isNegative()) {
      throw new IllegalArgumentException("fabric.pools.quarantine must be zero or positive");
    }
  }
}
