package io.tenantfabric.emulator;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The emulator must not reuse the driver's code, or it would hide its bugs (docs/emulator.md). */
class IndependenceArchitectureTest {

  @Test
  void emulatorDoesNotDependOnSouthbound() {
    JavaClasses classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.tenantfabric.emulator");
    noClasses()
        .that()
        .resideInAPackage("io.tenantfabric.emulator..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.tenantfabric.southbound..")
        .check(classes);
  }
}
