package io.tenantfabric.controller.isolation;

import io.tenantfabric.db.isolation.IsolationAuditStore;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Brings the db module's audit store in (the application scans only its own packages), binds {@code
 * fabric.isolation.*} and makes the evidence reads' limiter.
 */
@Configuration
@Import(IsolationAuditStore.class)
@EnableConfigurationProperties(IsolationProperties.class)
class IsolationConfiguration {

  @Bean
  EvidenceReadLimiter evidenceReadLimiter(IsolationProperties properties) {
    return new EvidenceReadLimiter(properties.evidenceReadsPerMinute(), System::nanoTime);
  }
}
