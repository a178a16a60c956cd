package io.tenantfabric.controller.database;

import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;

/**
 * The db module's entities and repositories; a configuration of its own rather than annotations on
 * the application class, so that a test slice without a database (MVC) does not ask for them.
 */
@Configuration
@EntityScan("io.tenantfabric.db")
@EnableJpaRepositories("io.tenantfabric.db")
class JpaConfiguration {}
