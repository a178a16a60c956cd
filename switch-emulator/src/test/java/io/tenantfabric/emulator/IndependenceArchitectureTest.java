package io.tenantfabric.emulator;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import org.junit.jupiter.api.Test;

/**
 * The emulator must not reuse the driver's code, or it would hide its bugs (docs/emulator.md); its
 * packages depend on each other without cycles.
 */
class IndependenceArchitectureTest {

  private static final JavaClasses EMULATOR =
      new ClassFileImporter()
          .withImportOption(IndependenceArchitectureTest::isMainClass)
          .importPackages("io.tenantfabric.emulator");

  // ImportOption.Predefined.DO_NOT_INCLUDE_TESTS only knows target/test-classes; local builds may
  // use another build directory (-Dbuild.dir), so exclude any test-classes folder.
  private static boolean isMainClass(Location location) {
    return !location.contains("/test-classes/");
  }

  @Test
  void emulatorDoesNotDependOnSouthbound() {
    noClasses()
        .that()
        .resideInAPackage("io.tenantfabric.emulator..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.tenantfabric.southbound..")
        .check(EMULATOR);
  }

  @Test
  void emulatorPackagesHaveNoCycles() {
    slices().matching("io.tenantfabric.emulator.(*)..").should().beFreeOfCycles().check(EMULATOR);
  }
}
