package io.tenantfabric.southbound.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import org.junit.jupiter.api.Test;

/**
 * The southbound's layers, held by the build: {@code protocol} (framing, messages) <- {@code
 * transport} (SSH) <- {@code session} (RPCs, the pool) <- {@code comware} (the driver) <- {@code
 * transaction} (device transactions); each uses only those to its left. No Spring: the controller
 * wires the client, the client knows nothing of it.
 */
class SouthboundLayersArchitectureTest {

  private static final String ROOT = "io.tenantfabric.southbound";

  private static final JavaClasses SOUTHBOUND =
      new ClassFileImporter()
          .withImportOption(SouthboundLayersArchitectureTest::isMainClass)
          .importPackages(ROOT);

  // ImportOption.Predefined.DO_NOT_INCLUDE_TESTS only knows target/test-classes; local builds may
  // use another build directory (-Dbuild.dir), so exclude any test-classes folder.
  private static boolean isMainClass(Location location) {
    return !location.contains("/test-classes/");
  }

  @Test
  void eachLayerUsesOnlyTheLayersBelowIt() {
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("protocol")
        .definedBy(ROOT + ".protocol..")
        .layer("transport")
        .definedBy(ROOT + ".transport..")
        .layer("session")
        .definedBy(ROOT + ".session..")
        .layer("comware")
        .definedBy(ROOT + ".comware..")
        .layer("transaction")
        .definedBy(ROOT + ".transaction..")
        .whereLayer("transaction")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("comware")
        .mayOnlyBeAccessedByLayers("transaction")
        .whereLayer("session")
        .mayOnlyBeAccessedByLayers("comware", "transaction")
        .whereLayer("transport")
        .mayOnlyBeAccessedByLayers("session", "comware", "transaction")
        .whereLayer("protocol")
        .mayOnlyBeAccessedByLayers("transport", "session", "comware", "transaction")
        .check(SOUTHBOUND);
  }

  @Test
  void noSpring() {
    noClasses()
        .that()
        .resideInAPackage(ROOT + "..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.springframework..")
        .check(SOUTHBOUND);
  }
}
