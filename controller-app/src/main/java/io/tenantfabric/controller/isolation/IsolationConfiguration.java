package io.tenantfabric.controller.isolation;

import io.tenantfabric.db.isolation.IsolationAuditStore;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Brings the db module's audit store in (the application scans only its own packages) and binds
 * {@code fabric.isolation.*}.
 */
@Configuration
@Import(IsolationAuditStore.class)
@EnableConfigurationProperties(IsolationProperties.class)
class IsolationConfiguration {}
