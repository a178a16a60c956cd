package io.tenantfabric.db.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import org.junit.jupiter.api.Test;

/**
 * The db module stores the intent and knows the core's types only: never the controller that uses
 * it, the NETCONF southbound or the switch emulator.
 */
class DbDependencyRulesTest {

  private static final JavaClasses DB =
      new ClassFileImporter()
          .withImportOption(DbDependencyRulesTest::isMainClass)
          .importPackages("io.tenantfabric.db");

  // ImportOption.Predefined.DO_NOT_INCLUDE_TESTS only knows target/test-classes; local builds may
  // use another build directory (-Dbuild.dir), so exclude any test-classes folder.
  private static boolean isMainClass(Location location) {
    return !location.contains("/test-classes/");
  }

  @Test
  void dbDependsOnNeitherTheControllerNorTheSouthboundNorTheEmulator() {
    noClasses()
        .that()
        .resideInAPackage("io.tenantfabric.db..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.tenantfabric.controller..",
            "io.tenantfabric.southbound..",
            "io.tenantfabric.emulator..")
        .check(DB);
  }
}
