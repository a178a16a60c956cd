package io.tenantfabric.model.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.pool.Ipv4Prefix;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class AddressSetTest {

  private static final long MAX = 0xFFFF_FFFFL;

  @Test
  void allAndEmptyAreEachOthersComplement() {
    assertThat(AddressSet.ALL.complement().isEmpty()).isTrue();
    assertThat(AddressSet.EMPTY.complement()).hasToString("[0.0.0.0-255.255.255.255]");
    assertThat(set("0.0.0.0/0")).hasToString(AddressSet.ALL.toString());
  }

  @Test
  void complementOfARangeTouchingZeroStartsAfterIt() {
    AddressSet c = set("0.0.0.0/8").complement();

    assertThat(c).hasToString("[1.0.0.0-255.255.255.255]");
    assertThat(c.last(0)).isEqualTo(MAX);
  }

  @Test
  void complementOfTheLastAddressEndsBeforeIt() {
    assertThat(set("255.255.255.255/32").complement()).hasToString("[0.0.0.0-255.255.255.254]");
  }

  @Test
  void complementOfAMiddleRangeIsTwoRanges() {
    AddressSet c = set("10.0.0.0/8").complement();

    assertThat(c).hasToString("[0.0.0.0-9.255.255.255, 11.0.0.0-255.255.255.255]");
    assertThat(c.complement()).hasToString(set("10.0.0.0/8").toString());
  }

  @Test
  void unionMergesAdjacentAndOverlappingRanges() {
    assertThat(set("10.0.0.0/25").union(set("10.0.0.128/25"))).hasToString("[10.0.0.0-10.0.0.255]");
    assertThat(set("10.0.0.0/16").union(set("10.0.3.0/24"))).hasToString("[10.0.0.0-10.0.255.255]");
  }

  @Test
  void unionKeepsDisjointRangesSortedWhateverTheOrder() {
    AddressSet a = set("10.2.0.0/24");
    AddressSet b = set("10.1.0.0/24");

    assertThat(a.union(b)).hasToString("[10.1.0.0-10.1.0.255, 10.2.0.0-10.2.0.255]");
    assertThat(b.union(a)).hasToString(a.union(b).toString());
    assertThat(a.union(AddressSet.EMPTY)).hasToString(a.toString());
  }

  @Test
  void unionOfBothEndsOfTheSpaceWithTheMiddleIsAll() {
    AddressSet ends = set("0.0.0.0/32").union(set("255.255.255.255/32"));
    AddressSet middle = set("0.0.0.1/32").union(set("0.0.0.0/0").minus(ends));

    assertThat(ends.ranges()).isEqualTo(2);
    assertThat(ends.union(middle)).hasToString(AddressSet.ALL.toString());
  }

  @Test
  void intersectKeepsOnlyWhatBothHold() {
    AddressSet twoRanges = set("10.1.0.0/24").union(set("10.3.0.0/24"));

    assertThat(twoRanges.intersect(set("10.0.0.0/8"))).hasToString(twoRanges.toString());
    assertThat(twoRanges.intersect(set("10.1.0.128/25"))).hasToString("[10.1.0.128-10.1.0.255]");
    assertThat(twoRanges.intersect(set("10.2.0.0/24")).isEmpty()).isTrue();
    assertThat(AddressSet.ALL.intersect(set("255.255.255.255/32")))
        .hasToString("[255.255.255.255-255.255.255.255]");
    assertThat(AddressSet.ALL.intersect(AddressSet.EMPTY).isEmpty()).isTrue();
  }

  @Test
  void minusCutsHolesAndTrimsEdges() {
    assertThat(AddressSet.ALL.minus(set("0.0.0.0/32")).minus(set("255.255.255.255/32")))
        .hasToString("[0.0.0.1-255.255.255.254]");
    assertThat(set("10.2.0.0/28").minus(set("10.2.0.5/32")))
        .hasToString("[10.2.0.0-10.2.0.4, 10.2.0.6-10.2.0.15]");
    assertThat(set("10.2.0.0/28").minus(set("10.0.0.0/8")).isEmpty()).isTrue();
    assertThat(set("10.2.0.0/28").minus(AddressSet.EMPTY)).hasToString("[10.2.0.0-10.2.0.15]");
  }

  /** Each operation agrees, address by address, with its definition in terms of membership. */
  @Property(tries = 300)
  void operationsAgreeWithMembership(
      @ForAll("sets") AddressSet a, @ForAll("sets") AddressSet b, @ForAll("probes") long x) {
    assertThat(contains(a.union(b), x)).isEqualTo(contains(a, x) || contains(b, x));
    assertThat(contains(a.intersect(b), x)).isEqualTo(contains(a, x) && contains(b, x));
    assertThat(contains(a.minus(b), x)).isEqualTo(contains(a, x) && !contains(b, x));
    assertThat(contains(a.complement(), x)).isEqualTo(!contains(a, x));
    assertThat(wellFormed(a.union(b))).isTrue();
    assertThat(wellFormed(a.minus(b))).isTrue();
    assertThat(wellFormed(a.complement())).isTrue();
  }

  /** Unions of 0..4 prefixes, biased to the edges of the space and to neighbouring blocks. */
  @Provide
  Arbitrary<AddressSet> sets() {
    Arbitrary<Ipv4Prefix> prefix =
        Arbitraries.oneOf(
                Arbitraries.of(0L, MAX, 0x0A000000L, 0x0A0000FFL, 0x0A000100L),
                Arbitraries.longs().between(0, MAX))
            .flatMap(
                a ->
                    Arbitraries.integers()
                        .between(0, 32)
                        .map(len -> new Ipv4Prefix(a.intValue() & Ipv4Prefix.mask(len), len)));
    return prefix
        .list()
        .ofMaxSize(4)
        .map(ps -> ps.stream().map(AddressSet::of).reduce(AddressSet.EMPTY, AddressSet::union));
  }

  @Provide
  Arbitrary<Long> probes() {
    return Arbitraries.oneOf(
        Arbitraries.of(0L, 1L, MAX - 1, MAX, 0x0A000000L, 0x0A0000FFL, 0x0A000100L, 0x09FFFFFFL),
        Arbitraries.longs().between(0, MAX));
  }

  private static boolean contains(AddressSet s, long x) {
    for (int i = 0; i < s.ranges(); i++) {
      if (s.first(i) <= x && x <= s.last(i)) {
        return true;
      }
    }
    return false;
  }

  /** Sorted, inside 0..MAX, disjoint and not adjacent. */
  private static boolean wellFormed(AddressSet s) {
    for (int i = 0; i < s.ranges(); i++) {
      if (s.first(i) < 0 || s.last(i) > MAX || s.first(i) > s.last(i)) {
        return false;
      }
      if (i > 0 && s.first(i) <= s.last(i - 1) + 1) {
        return false;
      }
    }
    return true;
  }

  private static AddressSet set(String prefix) {
    return AddressSet.of(Ipv4Prefix.parse(prefix));
  }
}
