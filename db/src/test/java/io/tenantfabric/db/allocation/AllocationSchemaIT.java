package io.tenantfabric.db.allocation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.db.fabric.TopologyRows;
import io.tenantfabric.db.fabric.TopologyWriter;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.db.tenant.TenantRepository;
import io.tenantfabric.db.testing.TestDatabases;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The schema defends the allocation invariants by itself, whatever the code does: every migration
 * on a fresh PostgreSQL schema (run as its owner), the test connected as the runtime role,
 * Hibernate {@code ddl-auto=validate} over every entity.
 */
@SpringBootTest(
    classes = PersistenceTestApplication.class,
    properties = {"spring.jpa.hibernate.ddl-auto=validate", "spring.jpa.open-in-view=false"})
class AllocationSchemaIT {

  private static final TestDatabases.Schema schema = TestDatabases.freshSchema("api_alloc");

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", schema::url);
    registry.add("spring.datasource.username", schema::user);
    registry.add("spring.datasource.password", schema::password);
  }

  @Autowired TopologyWriter topology;
  @Autowired TenantRepository tenants;
  @Autowired AllocationRepository allocations;
  @Autowired JdbcTemplate jdbc;
  @Autowired TransactionTemplate tx;

  private long tenantId;

  @BeforeEach
  void fabricWithTwoGpusAndOneTenant() {
    jdbc.update("DELETE FROM allocations");
    if (jdbc.queryForObject("SELECT count(*) FROM gpus", Long.class) == 0) {
      tx.executeWithoutResult(
          s ->
              topology.write(
                  new TopologyRows(
                      List.of(new TopologyRows.SwitchRow("leaf-01", "LEAF", 0)),
                      List.of(
                          new TopologyRows.PortRow("leaf-01", "FourHundredGigE1/0/1", 400, "GPU"),
                          new TopologyRows.PortRow("leaf-01", "FourHundredGigE1/0/2", 400, "GPU")),
                      List.of(),
                      List.of(new TopologyRows.ServerRow("gpu-node-001", 0)),
                      List.of(
                          new TopologyRows.GpuRow(
                              "gpu-node-001/0",
                              "gpu-node-001",
                              "leaf-01",
                              "FourHundredGigE1/0/1",
                              0),
                          new TopologyRows.GpuRow(
                              "gpu-node-001/1",
                              "gpu-node-001",
                              "leaf-01",
                              "FourHundredGigE1/0/2",
                              1)))));
    }
    tenantId =
        tenants
            .findLive("acme")
            .orElseGet(() -> tenants.save(new TenantEntity("acme", "Acme", 8, Instant.now())))
            .id();
  }

  @Test
  void partialUniqueIndexRefusesAGpuInTwoLiveAllocations() {
    allocations.saveAndFlush(
        new AllocationEntity(
            UUID.randomUUID(), tenantId, List.of("gpu-node-001/0"), Instant.now()));

    assertThatThrownBy(
            () ->
                allocations.saveAndFlush(
                    new AllocationEntity(
                        UUID.randomUUID(), tenantId, List.of("gpu-node-001/0"), Instant.now())))
        .isInstanceOf(DataIntegrityViolationException.class)
        .hasMessageContaining("allocation_gpus_one_live");
    assertThat(allocations.findBusyGpuIds()).containsExactly("gpu-node-001/0");
  }

  @Test
  void releasedAllocationFreesItsGpuThroughTheCascadedStatus() {
    UUID first = UUID.randomUUID();
    allocations.saveAndFlush(
        new AllocationEntity(first, tenantId, List.of("gpu-node-001/1"), Instant.now()));
    tx.executeWithoutResult(
        s ->
            allocations
                .findById(first)
                .orElseThrow()
                .transitionTo(AllocationStatus.RELEASED, Instant.now()));

    assertThat(
            jdbc.queryForObject(
                "SELECT allocation_status FROM allocation_gpus WHERE allocation_id = ?",
                String.class,
                first))
        .isEqualTo("RELEASED");
    allocations.saveAndFlush(
        new AllocationEntity(
            UUID.randomUUID(), tenantId, List.of("gpu-node-001/1"), Instant.now()));
    assertThat(allocations.findBusyGpuIds()).containsExactly("gpu-node-001/1");
  }

  @Test
  void tenantWithLiveAllocationCannotBeDeletedEvenBehindTheCodesBack() {
    allocations.saveAndFlush(
        new AllocationEntity(
            UUID.randomUUID(), tenantId, List.of("gpu-node-001/0"), Instant.now()));

    assertThatThrownBy(
            () ->
                jdbc.update(
                    "UPDATE tenants SET status = 'DELETED', deleted_at = now() WHERE id = ?",
                    tenantId))
        .hasMessageContaining("still has live allocations");
  }

  @Test
  void membershipMustMatchTheAllocationsGpuCount() {
    UUID id = UUID.randomUUID();
    assertThatThrownBy(
            () ->
                tx.executeWithoutResult(
                    s -> {
                      jdbc.update(
                          "INSERT INTO allocations (id, tenant_id, status, gpu_count)"
                              + " VALUES (?, ?, 'PROVISIONING', 2)",
                          id,
                          tenantId);
                      jdbc.update(
                          "INSERT INTO allocation_gpus VALUES (?, 'gpu-node-001/0', 'PROVISIONING')",
                          id);
                    }))
        .hasMessageContaining("holds 1 GPUs but claims 2");
    assertThat(allocations.findById(id)).isEmpty();
  }

  @Test
  void gpusJoinAnAllocationOnlyInTheTransactionThatCreatedIt() {
    UUID id = UUID.randomUUID();
    allocations.saveAndFlush(
        new AllocationEntity(id, tenantId, List.of("gpu-node-001/0"), Instant.now()));

    assertThatThrownBy(
            () ->
                jdbc.update(
                    "INSERT INTO allocation_gpus VALUES (?, 'gpu-node-001/1', 'PROVISIONING')", id))
        .hasMessageContaining("its GPUs are fixed");
  }

  @Test
  void anAllocationInFlightHoldsOffTheTenantsDeleteAndTheDeleteThenRefuses() throws Exception {
    try (Connection allocating = schema.connect();
        Connection deleting = schema.connect()) {
      allocating.setAutoCommit(false);
      insertAllocation(allocating, UUID.randomUUID(), "gpu-node-001/0");
      // the allocation's FOR SHARE on the tenant row makes the delete wait: a short lock
      // timeout turns that wait into an error instead of a hang
      try (Statement st = deleting.createStatement()) {
        st.execute("SET lock_timeout = '200ms'");
        assertThatThrownBy(() -> st.executeUpdate(deleteTenant()))
            .isInstanceOf(SQLException.class)
            .hasMessageContaining("lock timeout");
      }
      allocating.commit();
      try (Statement st = deleting.createStatement()) {
        assertThatThrownBy(() -> st.executeUpdate(deleteTenant()))
            .hasMessageContaining("still has live allocations");
      }
    }
  }

  @Test
  void aDeleteInFlightHoldsOffAnAllocationWhichThenFindsTheTenantGone() throws Exception {
    try (Connection allocating = schema.connect();
        Connection deleting = schema.connect()) {
      deleting.setAutoCommit(false);
      try (Statement st = deleting.createStatement()) {
        assertThat(st.executeUpdate(deleteTenant())).isEqualTo(1);
      }
      try (Statement st = allocating.createStatement()) {
        st.execute("SET lock_timeout = '200ms'");
      }
      allocating.setAutoCommit(false);
      assertThatThrownBy(() -> insertAllocation(allocating, UUID.randomUUID(), "gpu-node-001/0"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("lock timeout");
      allocating.rollback();
      deleting.commit();
      assertThatThrownBy(() -> insertAllocation(allocating, UUID.randomUUID(), "gpu-node-001/0"))
          .hasMessageContaining("is not live");
      allocating.rollback();
    }
  }

  private String deleteTenant() {
    return "UPDATE tenants SET status = 'DELETED', deleted_at = now() WHERE id = " + tenantId;
  }

  private void insertAllocation(Connection c, UUID id, String gpu) throws SQLException {
    try (PreparedStatement a =
            c.prepareStatement(
                "INSERT INTO allocations (id, tenant_id, status, gpu_count)"
                    + " VALUES (?, ?, 'PROVISIONING', 1)");
        PreparedStatement m =
            c.prepareStatement("INSERT INTO allocation_gpus VALUES (?, ?, 'PROVISIONING')")) {
      a.setObject(1, id);
      a.setLong(2, tenantId);
      a.executeUpdate();
      m.setObject(1, id);
      m.setString(2, gpu);
      m.executeUpdate();
    }
  }
}
