package io.tenantfabric.controller.support;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ContextConfiguration;

/**
 * The whole application on a random port (127.0.0.1), on a fresh PostgreSQL schema of its own per
 * test class (via {@code TestDatabases.freshSchema}), with {@code fabric.bootstrap-token =
 * ApiClient.BOOTSTRAP_TOKEN}. Inject {@code @LocalServerPort int port} and use {@code new
 * ApiClient(port)}; the schema is the bean {@code TestDatabases.Schema}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "server.address=127.0.0.1",
      "fabric.bootstrap-token=" + ApiClient.BOOTSTRAP_TOKEN,
      // every request comes from 127.0.0.1 and many tests expect 401s: AuthRateLimitIT sets its
      // own budget
      "fabric.auth.failures-per-minute=1000000",
      "fabric.reconcile.interval=0", // tests ask for the runs they want
      "logging.level.root=WARN",
      "logging.level.io.tenantfabric=INFO"
    })
@ContextConfiguration(initializers = FreshSchemaInitializer.class)
// a context per class, so that every class gets its own schema
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
public @interface ControllerIT {}
