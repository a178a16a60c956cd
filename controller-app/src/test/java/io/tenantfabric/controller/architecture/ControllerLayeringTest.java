package io.tenantfabric.controller.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
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
 * provisioner (and the planners of the dry run and the device views, and the renderers of audit
 * evidence and drift), servlet types stay at the web edge, REST controllers never hand out JPA
 * entities, feature packages depend on each other without cycles (reconcile on provision, never the
 * reverse), and the notifications and threads every feature shares depend on none of them.
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
            "io.tenantfabric.controller.device..",
            "io.tenantfabric.controller.isolation..",
            "io.tenantfabric.controller.drift..",
            "io.tenantfabric.controller.reconcile..")
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
    noClasses()
        .that()
        .resideInAnyPackage(
            "io.tenantfabric.controller.isolation..",
            "io.tenantfabric.controller.drift..",
            "io.tenantfabric.controller.reconcile..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.tenantfabric.southbound.protocol..",
            "io.tenantfabric.southbound.session..",
            "io.tenantfabric.southbound.transport..",
            "io.tenantfabric.southbound.transaction..")
        .because(
            "audits and drift only render what the core found in the switch's terms (comware);"
                + " they read switches through provision's SwitchReader")
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

  @Test
  void theProvisionerNeverReachesIntoReconcile() {
    noClasses()
        .that()
        .resideInAPackage("io.tenantfabric.controller.provision..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.tenantfabric.controller.reconcile..")
        .because("the reconciler runs on the provisioner thread as its BetweenBatches")
        .check(APP);
  }

  @Test
  void notificationsAndThreadsSitBelowTheFeatures() {
    noClasses()
        .that()
        .resideInAnyPackage(
            "io.tenantfabric.controller.notify..", "io.tenantfabric.controller.concurrent..")
        .should()
        .dependOnClassesThat(
            resideInAPackage("io.tenantfabric.controller..")
                .and(
                    not(
                        resideInAnyPackage(
                            "io.tenantfabric.controller.notify..",
                            "io.tenantfabric.controller.concurrent.."))))
        .check(APP);
  }

  @Test
  void onlyTheWebEdgeSpeaksHttpStatus() {
    noClasses()
        .that()
        .resideOutsideOfPackages(
            "io.tenantfabric.controller.web..", "io.tenantfabric.controller.security..")
        .and()
        .areNotAnnotatedWith(RestController.class)
        .should()
        .dependOnClassesThat()
        .haveFullyQualifiedName("org.springframework.http.HttpStatus")
        .orShould()
        .dependOnClassesThat()
        .haveFullyQualifiedName("org.springframework.http.HttpStatusCode")
        .orShould()
        .dependOnClassesThat()
        .haveFullyQualifiedName("org.springframework.web.ErrorResponseException")
        .because("use cases refuse with a Refusal; the web layer alone maps its reason to a status")
        .check(APP);
  }

  @Test
  void refusalsDependOnNothingOfTheApplication() {
    noClasses()
        .that()
        .resideInAPackage("io.tenantfabric.controller.refusal..")
        .should()
        .dependOnClassesThat(
            resideInAnyPackage("io.tenantfabric..", "org.springframework..")
                .and(not(resideInAPackage("io.tenantfabric.controller.refusal.."))))
        .check(APP);
  }
}
