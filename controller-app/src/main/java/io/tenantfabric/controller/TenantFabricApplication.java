package io.tenantfabric.controller;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;

/** The tenant-fabric controller service. */
@SpringBootApplication
@EntityScan("io.tenantfabric.db")
@EnableJpaRepositories("io.tenantfabric.db")
public class TenantFabricApplication {

  public static void main(String[] args) {
    SpringApplication.run(TenantFabricApplication.class, args);
  }
}
