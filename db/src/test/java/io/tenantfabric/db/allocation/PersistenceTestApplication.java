package io.tenantfabric.db.allocation;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;

/** The smallest Boot application over the whole persistence adapter, for db-level tests. */
@SpringBootApplication(scanBasePackages = "io.tenantfabric.db")
@EntityScan("io.tenantfabric.db")
@EnableJpaRepositories("io.tenantfabric.db")
public class PersistenceTestApplication {}
