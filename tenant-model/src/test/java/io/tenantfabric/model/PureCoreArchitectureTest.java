package io.tenantfabric.model;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The core depends on the JDK and itself only; the enforcer rule in the pom guards the build path.
 */
class PureCoreArchitectureTest {

  private static final JavaClasses CORE =
      new ClassFileImporter()
          .withImportOption(PureCoreArchitectureTest::isMainClass)
          .importPackages("io.tenantfabric.model");

  // Predefined.DO_NOT_INCLUDE_TESTS only knows target/test-classes; local builds may use another
  // build directory (-Dbuild.dir), so exclude any test-classes folder.
  private static boolean isMainClass(Location location) {
    return !location.contains("/test-classes/");
  }

  @Test
  void coreDependsOnJdkAndItselfOnly() {
    ArchRule rule =
        classes()
            .that()
            .resideInAPackage("io.tenantfabric.model..")
            .should()
            .onlyDependOnClassesThat()
            .resideInAnyPackage("io.tenantfabric.model..", "java..");
    rule.check(CORE);
  }

  @Test
  void noFrameworkTypesInTheCore() {
    ArchRule rule =
        classes()
            .that()
            .resideInAPackage("io.tenantfabric.model..")
            .should()
            .onlyDependOnClassesThat()
            .resideOutsideOfPackages(
                "org.springframework..",
                "jakarta.persistence..",
                "org.hibernate..",
                "org.apache.sshd..",
                "io.netty..");
    rule.check(CORE);
  }
}
