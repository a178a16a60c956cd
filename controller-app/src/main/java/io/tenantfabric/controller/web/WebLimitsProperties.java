package io.tenantfabric.controller.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Request body limits ({@code fabric.security.*}): {@code max-fabric-body} for {@code PUT
 * /api/v1/fabric} (a full spec with its inventory), {@code max-body} for everything else.
 */
@ConfigurationProperties("fabric.security")
public record WebLimitsProperties(DataSize maxBody, DataSize maxFabricBody) {

  /** Defaults 64 KiB and 1 MiB; limits must be positive. */
  public WebLimitsProperties {
    maxBody = maxBody == null ? DataSize.ofKilobytes(64) : maxBody;
    maxFabricBody = maxFabricBody == null ? DataSize.ofMegabytes(1) : maxFabricBody;
    if (maxBody.toBytes() <= 0 || maxFabricBody.toBytes() <= 0) {
      throw new IllegalArgumentException("fabric.security body limits must be positive");
    }
  }
}
