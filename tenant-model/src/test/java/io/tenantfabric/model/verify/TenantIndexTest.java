package io.tenantfabric.model.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class TenantIndexTest {

  private static final TenantIndex RED_BLUE_SOLO =
      index(
          identity("red", 10001, "10.1.0.0/28"),
          identity("blue", 10002, "10.2.0.0/28"),
          identity("solo", 10003, "10.3.0.0/29"));

  @Test
  void everythingReachesEveryTenantButTheOwner() {
    TenantIndex.Exposure e = RED_BLUE_SOLO.foreignIn(AddressSet.ALL, "red");

    assertThat(e.count()).isEqualTo(2);
    assertThat(e.named()).containsExactly("blue", "solo");
  }

  @Test
  void nothingReachesNobody() {
    assertThat(RED_BLUE_SOLO.foreignIn(AddressSet.EMPTY, "red"))
        .isEqualTo(new TenantIndex.Exposure(0, List.of()));
  }

  @Test
  void anOwnerThatIsNoTenantExcludesNobody() {
    assertThat(RED_BLUE_SOLO.foreignIn(AddressSet.ALL, "ghost").count()).isEqualTo(3);
  }

  @Test
  void oneAddressOfAPrefixIsEnoughAndAnAdjacentRangeIsNot() {
    AddressSet lastOfBlue = set("10.2.0.15/32");
    AddressSet justAfterBlue = set("10.2.0.16/28");
    AddressSet justBeforeBlue = set("10.1.255.255/32");

    assertThat(RED_BLUE_SOLO.foreignIn(lastOfBlue, "red").named()).containsExactly("blue");
    assertThat(RED_BLUE_SOLO.foreignIn(justAfterBlue, "red").count()).isZero();
    assertThat(RED_BLUE_SOLO.foreignIn(justBeforeBlue, "red").count()).isZero();
  }

  @Test
  void aPrefixReachedThroughTwoRangesCountsOnce() {
    // blue's /28 without 10.2.0.5: two ranges, one tenant
    AddressSet holed = set("10.2.0.0/28").minus(set("10.2.0.5/32"));
    assertThat(holed.ranges()).isEqualTo(2);

    TenantIndex.Exposure e = RED_BLUE_SOLO.foreignIn(holed, "red");

    assertThat(e.count()).isEqualTo(1);
    assertThat(e.named()).containsExactly("blue");
  }

  @Test
  void theOwnersPrefixSplitInTwoIsStillExcluded() {
    AddressSet reach = AddressSet.ALL.minus(set("10.1.0.7/32"));

    TenantIndex.Exposure e = RED_BLUE_SOLO.foreignIn(reach, "red");

    assertThat(e.count()).isEqualTo(2);
    assertThat(e.named()).containsExactly("blue", "solo");
  }

  @Test
  void namesAtMostSixteenSortedAndCountsAll() {
    List<TenantIdentity> many = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      many.add(
          new TenantIdentity(
              String.format("t%02d", 39 - i),
              new Vni(20000 + i),
              new Ipv4Prefix(0x0A000000 | i << 3, 29)));
    }
    TenantIndex index = index(many.toArray(new TenantIdentity[0]));

    TenantIndex.Exposure e = index.foreignIn(AddressSet.ALL, "t05");

    assertThat(e.count()).isEqualTo(39);
    assertThat(e.named()).hasSize(TenantIndex.NAMED).isSorted().doesNotContain("t05");
  }

  @Test
  void findsTheOwnerOfAVni() {
    assertThat(RED_BLUE_SOLO.ownerOfVni(10002)).isEqualTo("blue");
    assertThat(RED_BLUE_SOLO.ownerOfVni(10999)).isNull();
  }

  private static AddressSet set(String prefix) {
    return AddressSet.of(Ipv4Prefix.parse(prefix));
  }

  private static TenantIdentity identity(String name, int vni, String prefix) {
    return new TenantIdentity(name, new Vni(vni), Ipv4Prefix.parse(prefix));
  }

  private static TenantIndex index(TenantIdentity... tenants) {
    Map<String, TenantIdentity> byName = new TreeMap<>();
    for (TenantIdentity t : tenants) {
      byName.put(t.name(), t);
    }
    return new TenantIndex(byName);
  }
}
