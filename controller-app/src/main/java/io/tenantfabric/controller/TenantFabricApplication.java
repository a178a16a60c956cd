package io.tenantfabric.controller;

import io.tenantfabric.controller.database.MigrateCommand;
import java.util.Arrays;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * The tenant-fabric controller service; with {@code --migrate} only the schema migrations, run as
 * the owner role ({@link MigrateCommand}).
 */
@SpringBootApplication
@EnableScheduling
public class TenantFabricApplication {

  public static void main(String[] args) {
    if (Arrays.asList(args).contains(MigrateCommand.FLAG)) {
      System.exit(MigrateCommand.run(System.getenv(), System.out, System.err));
    }
    SpringApplication.run(TenantFabricApplication.class, args);
  }
}
