package io.tenantfabric.db.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.db.allocation.PersistenceTestApplication;
import io.tenantfabric.db.testing.TestDatabases;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The JDBC fabric lock is the same mutex as the JPA one {@code DefineFabric} takes ({@link
 * FabricRepository#lockFabric()}), and its stamp moves with every growth of the spec.
 */
@SpringBootTest(
    classes = PersistenceTestApplication.class,
    properties = {"spring.jpa.hibernate.ddl-auto=validate", "spring.jpa.open-in-view=false"})
class FabricLockIT {

  private static final TestDatabases.Schema schema = TestDatabases.freshSchema("db_fabric_lock");
  // microseconds, as PostgreSQL keeps them
  private static final Instant T0 = Instant.parse("2026-12-02T00:00:00.123456Z");

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", schema::url);
    registry.add("spring.datasource.username", schema::user);
    registry.add("spring.datasource.password", schema::password);
  }

  @Autowired FabricLock lock;
  @Autowired FabricRepository fabrics;
  @Autowired JdbcTemplate jdbc;
  @Autowired TransactionTemplate tx;

  @BeforeEach
  void noFabric() {
    jdbc.update("DELETE FROM fabric");
  }

  @Test
  void noStampWithoutAFabric() {
    assertThat(stamp()).isEmpty();
  }

  @Test
  void theStampIsTheRevisionAndCreationAndMovesWithEveryGrowth() {
    tx.executeWithoutResult(s -> fabrics.save(new FabricEntity("f", "{\"a\": 1}", T0)));
    assertThat(stamp()).contains(new FabricLock.Stamp(1, T0));
    assertThat(spec()).isEqualTo("{\"a\": 1}");

    tx.executeWithoutResult(
        s -> fabrics.findFabric().orElseThrow().grow("f", "{\"a\": 2}", T0.plusSeconds(1)));

    assertThat(stamp()).contains(new FabricLock.Stamp(2, T0));
    assertThat(spec()).isEqualTo("{\"a\": 2}");
  }

  @Test
  void whileItIsHeldTheJpaLockWaitsAndGetsTheRowAfterTheCommit() throws Exception {
    tx.executeWithoutResult(s -> fabrics.save(new FabricEntity("f", "{}", T0)));
    CompletableFuture<Void> locked = new CompletableFuture<>();
    CompletableFuture<Void> release = new CompletableFuture<>();
    CompletableFuture<Optional<FabricLock.Stamp>> holder =
        CompletableFuture.supplyAsync(
            () ->
                tx.execute(
                    s -> {
                      Optional<FabricLock.Stamp> held = lock.lock();
                      locked.complete(null);
                      release.join();
                      return held;
                    }));
    locked.get(30, TimeUnit.SECONDS);

    assertThatThrownBy(
            () ->
                tx.executeWithoutResult(
                    s -> {
                      jdbc.execute("SET LOCAL lock_timeout = '200ms'");
                      fabrics.lockFabric();
                    }))
        .as("refused after waiting its lock timeout")
        .isInstanceOf(PessimisticLockingFailureException.class);

    release.complete(null);
    Optional<FabricLock.Stamp> held = holder.get(30, TimeUnit.SECONDS);
    assertThat(held).isPresent();
    Optional<FabricEntity> after = tx.execute(s -> fabrics.lockFabric());
    assertThat(after).isPresent();
  }

  private Optional<FabricLock.Stamp> stamp() {
    return tx.execute(s -> lock.lock());
  }

  private String spec() {
    return tx.execute(s -> lock.spec());
  }
}
