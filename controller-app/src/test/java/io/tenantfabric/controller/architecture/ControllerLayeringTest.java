package io.tenantfabric.controller.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.RestController;

/**
 * The controller's layering, held by the build: the NETCONF southbound is reached only by the
 * provisioner (and the planners of the dry run and the device views), servlet types stay at the web
 * edge, REST controllers never hand out JPA entities, and feature packages depend on each other
 * without cycles.
 */
class ControllerLayeringTest {

  private static final JavaClasses APP =
      new ClassFileImporter()
          .withImportOption(ControllerLayeringTest::isMainClass)
          .importPackages("io.tenantfabric.controller");

  private static boolean isMainClass(Location location) {
    return !location.contains("/test-classes/");
  }

  @Test
  void onlyTheProvisionerTalksToSwitches() {
    noClasses()
        .that()
        .resideOutsideOfPackages(
            "io.tenantfabric.controller.provision..",
            "io.tenantfabric.controller.allocation..",
            "io.tenantfabric.controller.device..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.tenantfabric.southbound..")
        .check(APP);
    noClasses()
        .that()
        .resideInAnyPackage(
            "io.tenantfabric.controller.allocation..", "io.tenantfabric.controller.device..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.tenantfabric.southbound.session..",
            "io.tenantfabric.southbound.transport..",
            "io.tenantfabric.southbound.transaction..")
        .because(
            "the dry run and the device views only plan and render steps (comware); the views read"
                + " a switch through provision's SwitchReader; sessions and changing switches are"
                + " provision's")
        .check(APP);
  }

  @Test
  void servletTypesStayAtTheWebEdge() {
    noClasses()
        .that()
        .resideOutsideOfPackages(
            "io.tenantfabric.controller.web..", "io.tenantfabric.controller.security..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("jakarta.servlet..")
        .check(APP);
  }

  @Test
  void restControllersNeverReturnEntities() {
    methods()
        .that()
        .areDeclaredInClassesThat()
        .areAnnotatedWith(RestController.class)
        .should()
        .notHaveRawReturnType(
            DescribedPredicate.describe(
                "a JPA entity",
                (JavaClass c) -> c.getPackageName().startsWith("io.tenantfabric.db")))
        .check(APP);
  }

  @Test
  void restControllersArePackagePrivate() {
    classes().that().areAnnotatedWith(RestController.class).should().notBePublic().check(APP);
  }

  @Test
  void featurePackagesHaveNoCycles() {
    slices().matching("io.tenantfabric.controller.(*)..").should().beFreeOfCycles().check(APP);
  }
}
