package io.tenantfabric.model.compile;

import static io.tenantfabric.model.compile.Snapshots.CASE_STUDY;
import static io.tenantfabric.model.compile.Snapshots.allocation;
import static io.tenantfabric.model.compile.Snapshots.snapshot;
import static io.tenantfabric.model.compile.Snapshots.sw;
import static io.tenantfabric.model.compile.Snapshots.tenant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * One negative case per compiler rule: the exception names the rule, the element, and in its
 * message both parties of the conflict.
 */
class IntentConflictTest {

  private static final TenantIntent ACME = tenant("acme", 10005, "10.5.0.0/16");
  private static final TenantIntent GLOBEX = tenant("globex", 10006, "10.6.0.0/16");
  private static final Ipv4Prefix SUPERNET = Ipv4Prefix.parse("10.0.0.0/8");

  private static IntentConflictException conflict(Executable call) {
    IntentConflictException e =
        catchThrowableOfType(IntentConflictException.class, () -> call.execute());
    assertThat(e).as("expected an IntentConflictException").isNotNull();
    return e;
  }

  /** Compiling any switch refuses an inconsistent snapshot; spine-01 shows that, too. */
  private static IntentConflictException compileConflict(
      List<TenantIntent> tenants, List<AllocationIntent> allocations) {
    FabricSnapshot s = snapshot(CASE_STUDY, tenants, allocations);
    IntentConflictException onLeaf = conflict(() -> FabricCompiler.compile(s, sw("leaf-01")));
    IntentConflictException onSpine = conflict(() -> FabricCompiler.compile(s, sw("spine-01")));
    assertThat(onSpine).hasMessage(onLeaf.getMessage());
    return onLeaf;
  }

  private static void assertConflict(
      IntentConflictException e, String rule, String element, String message) {
    assertThat(e.rule()).isEqualTo(rule);
    assertThat(e.element()).isEqualTo(element);
    assertThat(e).hasMessage(message);
  }

  @Test
  void deviceNotInTheFabric() {
    FabricSnapshot s = snapshot(CASE_STUDY, List.of(), List.of());

    assertConflict(
        conflict(() -> FabricCompiler.compile(s, List.of(sw("leaf-01"), sw("leaf-99")))),
        "device-unknown",
        "device leaf-99",
        "device leaf-99 is not a switch of fabric h3c-s9825-1024");
  }

  @Test
  void gpuNotInTheFabric() {
    assertConflict(
        compileConflict(List.of(ACME), List.of(allocation("a-1", "acme", "gpu-node-999/0"))),
        "gpu-unknown",
        "gpu gpu-node-999/0",
        "allocation a-1 holds GPU gpu-node-999/0 which fabric h3c-s9825-1024 does not have");
  }

  @Test
  void gpuInTwoAllocationsNamesBothAllocationsWhateverTheirOrder() {
    List<AllocationIntent> allocations =
        new ArrayList<>(
            List.of(
                allocation("a-2", "globex", "gpu-node-007/3", "gpu-node-007/4"),
                allocation("a-1", "acme", "gpu-node-007/4")));
    String message = "GPU gpu-node-007/4 is in both allocation a-1 and allocation a-2";

    assertConflict(
        compileConflict(List.of(ACME, GLOBEX), allocations),
        "gpu-allocated-twice",
        "gpu gpu-node-007/4",
        message);
    Collections.reverse(allocations);
    assertThat(compileConflict(List.of(ACME, GLOBEX), allocations)).hasMessage(message);
  }

  @Test
  void allocationIdUsedTwice() {
    assertConflict(
        compileConflict(
            List.of(ACME, GLOBEX),
            List.of(
                allocation("a-1", "acme", "gpu-node-001/0"),
                allocation("a-1", "globex", "gpu-node-002/0"))),
        "allocation-id-unique",
        "allocation a-1",
        "allocation id a-1 is used twice (tenants acme and globex)");
  }

  @Test
  void allocationOfAnUnknownTenant() {
    assertConflict(
        compileConflict(List.of(ACME), List.of(allocation("a-1", "ghost", "gpu-node-001/0"))),
        "tenant-unknown",
        "allocation a-1",
        "allocation a-1 belongs to tenant ghost, which is not live");
  }

  @Test
  void allocationOfATenantWithoutVniOrPrefix() {
    List<AllocationIntent> one = List.of(allocation("a-1", "acme", "gpu-node-001/0"));
    Ipv4Prefix prefix = ACME.prefix();
    Vni vni = ACME.vni();

    assertConflict(
        compileConflict(List.of(new TenantIntent("acme", null, prefix)), one),
        "tenant-unaddressed",
        "allocation a-1",
        "allocation a-1 needs tenant acme addressed, but it has no VNI");
    assertThat(compileConflict(List.of(new TenantIntent("acme", vni, null)), one))
        .hasMessageEndingWith("but it has no prefix");
    assertThat(compileConflict(List.of(new TenantIntent("acme", null, null)), one))
        .hasMessageEndingWith("but it has neither a VNI nor a prefix");
  }

  @Test
  void twoTenantsWithOneVni() {
    assertConflict(
        compileConflict(List.of(GLOBEX, tenant("acme", 10006, "10.5.0.0/16")), List.of()),
        "vni-shared",
        "vni 10006",
        "VNI 10006 is held by both tenant acme and tenant globex");
  }

  @Test
  void twoTenantsWithOverlappingPrefixes() {
    assertConflict(
        compileConflict(
            List.of(
                ACME,
                tenant("initech", 10007, "10.4.0.0/22"),
                tenant("globex", 10006, "10.5.3.0/24")),
            List.of()),
        "prefix-overlap",
        "prefix 10.5.3.0/24",
        "prefix 10.5.0.0/16 of tenant acme overlaps prefix 10.5.3.0/24 of tenant globex");
  }

  @Test
  void tenantPrefixOutsideTheSupernet() {
    assertConflict(
        compileConflict(List.of(tenant("acme", 10005, "192.168.0.0/29")), List.of()),
        "prefix-outside-supernet",
        "tenant acme",
        "prefix 192.168.0.0/29 of tenant acme lies outside the tenant supernet 10.0.0.0/8");
  }

  @Test
  void tenantFiledUnderAnotherName() {
    FabricSnapshot s =
        new FabricSnapshot(
            CASE_STUDY, Map.of("acme", GLOBEX), List.of(), FabricProfile.from(CASE_STUDY));

    assertConflict(
        conflict(() -> FabricCompiler.compile(s, sw("leaf-01"))),
        "tenant-key",
        "tenant acme",
        "tenants map key acme holds tenant globex");
  }

  @Test
  void rocePriorityOutsideTheEightPriorities() {
    assertConflict(
        conflict(() -> new FabricProfile(8, SUPERNET, List.of())),
        "roce-priority",
        "profile",
        "RoCE priority 8 is outside 0..7");
  }

  @Test
  void sharedPrefixInsideTheTenantSupernet() {
    Ipv4Prefix storage = Ipv4Prefix.parse("10.255.0.0/16");

    assertConflict(
        conflict(() -> new FabricProfile(3, SUPERNET, List.of(storage))),
        "shared-prefix-in-supernet",
        "shared prefix 10.255.0.0/16",
        "shared prefix 10.255.0.0/16 overlaps the tenant supernet 10.0.0.0/8");
  }

  @Test
  void sharedPrefixListedTwice() {
    Ipv4Prefix storage = Ipv4Prefix.parse("172.16.0.0/16");

    assertConflict(
        conflict(() -> new FabricProfile(3, SUPERNET, List.of(storage, storage))),
        "shared-prefix-duplicate",
        "shared prefix 172.16.0.0/16",
        "shared prefix 172.16.0.0/16 is listed twice");
  }

  @Test
  void moreSharedPrefixesThanATenantAclHoldsRuleIdsFor() {
    List<Ipv4Prefix> shared = new ArrayList<>();
    for (int i = 0; i <= FabricProfile.MAX_SHARED_PREFIXES; i++) {
      shared.add(new Ipv4Prefix(0xC0000000 | (i << 8), 24)); // 192.0.0.0/8 in /24 steps
    }

    assertConflict(
        conflict(() -> new FabricProfile(3, SUPERNET, shared)),
        "shared-prefix-count",
        "profile",
        "6552 shared prefixes do not fit a tenant ACL (at most 6551)");
    assertThat(new FabricProfile(3, SUPERNET, shared.subList(0, 6551)).sharedPrefixes())
        .hasSize(6551);
  }
}
