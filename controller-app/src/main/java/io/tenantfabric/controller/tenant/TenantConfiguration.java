package io.tenantfabric.controller.tenant;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

/** Binds the pool settings. */
@Configuration
@EnableConfigurationProperties(PoolProperties.class)
class TenantConfiguration {}
