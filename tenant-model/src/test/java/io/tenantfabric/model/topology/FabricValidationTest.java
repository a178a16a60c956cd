package io.tenantfabric.model.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import org.junit.jupiter.api.Test;

/** One negative case per validation rule: the violation names the rule and the element. */
class FabricValidationTest {

  private static FabricSpec.Builder caseStudy() {
    return FabricPresets.named("h3c-s9825-1024").toBuilder();
  }

  private static FabricViolation onlyViolation(FabricSpec spec, String rule) {
    FabricValidationException e =
        catchThrowableOfType(FabricValidationException.class, () -> Fabric.of(spec));
    assertThat(e).as("expected a validation error").isNotNull();
    assertThat(e.violations()).extracting(FabricViolation::rule).contains(rule);
    return e.violations().stream().filter(v -> v.rule().equals(rule)).findFirst().orElseThrow();
  }

  @Test
  void leafWithMorePortsThanTheSwitchHasBreaksThePortBudget() {
    FabricSpec spec = caseStudy().leafDownlinks(34).oversubscription(2.0).build();

    FabricViolation v = onlyViolation(spec, "port-budget");

    assertThat(v.element()).isEqualTo("leaf-01");
    assertThat(v.message()).contains("leaf-01").contains("66").contains("64");
  }

  @Test
  void spineLanesThatCollideReportThePortUsedTwice() {
    // one lane for two links per leaf: leaf-01's second link lands on leaf-02's spine port
    FabricSpec spec = caseStudy().spinePortLanes(1).build();

    FabricViolation v = onlyViolation(spec, "port-unique");

    assertThat(v.element()).isEqualTo("spine-01 FourHundredGigE1/0/2");
    assertThat(v.message()).contains("leaf-01").contains("leaf-02").contains("twice");
  }

  @Test
  void breakoutPortListedTwiceIsAPortUsedTwice() {
    FabricSpec spec =
        caseStudy()
            .breakoutDownlinks(
                List.of(new BreakoutPort("leaf-03", 5), new BreakoutPort("leaf-03", 5)))
            .build();

    FabricViolation v = onlyViolation(spec, "port-unique");

    assertThat(v.element()).isEqualTo("leaf-03 FourHundredGigE1/0/5");
  }

  @Test
  void leafWithHalfTheUplinksIsOversubscribedUnlessTheSpecAllowsIt() {
    FabricSpec blocking = caseStudy().leafUplinksPerSpine(1).build();

    FabricViolation v = onlyViolation(blocking, "oversubscription");

    assertThat(v.element()).isEqualTo("leaf-01");
    assertThat(v.message()).contains("leaf-01").contains("2.00:1").contains("allowed 1.00:1");
    assertThat(Fabric.of(caseStudy().leafUplinksPerSpine(1).oversubscription(2.0).build()).links())
        .hasSize(512);
  }

  @Test
  void allowedRatioBelowOneIsRejected() {
    FabricViolation v =
        onlyViolation(caseStudy().oversubscription(0.5).build(), "oversubscription");

    assertThat(v.element()).isEqualTo("oversubscription");
  }

  @Test
  void zeroCountsAreRejectedNamingTheField() {
    FabricSpec spec = caseStudy().spinesPerPod(0).leafDownlinks(-1).build();

    FabricValidationException e =
        catchThrowableOfType(FabricValidationException.class, () -> Fabric.of(spec));

    assertThat(e.violations())
        .filteredOn(v -> v.rule().equals("count-positive"))
        .extracting(FabricViolation::element)
        .containsExactly("spinesPerPod", "leafDownlinks");
    assertThat(e).hasMessageContaining("spinesPerPod must be at least 1");
  }

  @Test
  void tiersOtherThanTwoOrThreeAreRejected() {
    assertThat(onlyViolation(caseStudy().tiers(4).build(), "tiers").element()).isEqualTo("tiers");
    assertThat(onlyViolation(caseStudy().pods(2).build(), "tiers").element()).isEqualTo("pods");
  }

  @Test
  void nameDigitsOutsideOneToNineAreRejected() {
    FabricViolation v = onlyViolation(caseStudy().nameDigits(10).build(), "name-digits");

    assertThat(v.element()).isEqualTo("nameDigits");
    assertThat(onlyViolation(caseStudy().nameDigits(0).build(), "name-digits").message())
        .contains("was 0");
    assertThat(Fabric.of(caseStudy().nameDigits(4).build()).leaves().get(0).name().value())
        .isEqualTo("leaf-0001");
  }

  @Test
  void absurdSizesAreRejectedBeforeAnythingIsAllocated() {
    FabricViolation v = onlyViolation(caseStudy().leavesPerPod(800_000).build(), "fabric-size");

    assertThat(v.element()).isEqualTo("spec");
    assertThat(v.message()).contains("800016 switches").contains("twice the largest preset");
  }

  @Test
  void fabricSizeLimitIsTwiceTheLargestPresetInEveryDimension() {
    FabricSize largest = FabricSize.of(FabricPresets.named(FabricPresets.H3C_S9825_10240));
    assertThat(largest).isEqualTo(new FabricSize(800, 51_200, 10_240));
    assertThat(FabricSize.LIMIT).isEqualTo(new FabricSize(1_600, 102_400, 20_480));
    for (String preset : FabricPresets.names()) {
      assertThat(FabricSize.of(FabricPresets.named(preset)).fitsIn(FabricSize.LIMIT))
          .as(preset)
          .isTrue();
    }
  }

  @Test
  void aSpecJustAboveTwiceTheLargestPresetIsRejected() {
    // 21 pods of the 10,240 preset: 21,504 GPUs, above the 20,480 limit; 20 pods fit
    FabricSpec.Builder twenty = pods(20);
    assertThat(FabricSize.of(twenty.build()).fitsIn(FabricSize.LIMIT)).isTrue();
    FabricViolation v = onlyViolation(pods(21).build(), "fabric-size");
    assertThat(v.message()).contains("21504 GPUs").contains("20480 GPUs");
  }

  @Test
  void portsPerSwitchAbovePortNamesAreRejected() {
    FabricViolation v = onlyViolation(caseStudy().portsPerSwitch(1000).build(), "fabric-size");
    assertThat(v.message()).contains("(1000 per switch)");
  }

  private static FabricSpec.Builder pods(int pods) {
    return FabricSpec.builder("big")
        .tiers(3)
        .pods(pods)
        .spinesPerPod(32)
        .leavesPerPod(32)
        .superSpines(160)
        .leafDownlinks(32)
        .leafUplinksPerSpine(1)
        .spineUplinks(32);
  }

  @Test
  void railGroupsMustFitInsideAPod() {
    FabricViolation v = onlyViolation(caseStudy().leavesPerPod(30).build(), "rail-groups");

    assertThat(v.element()).isEqualTo("leavesPerPod");
  }

  @Test
  void moreServersThanSlotsAreRejected() {
    FabricViolation v = onlyViolation(caseStudy().servers(129).build(), "servers");

    assertThat(v.message()).contains("129").contains("128");
  }

  @Test
  void breakoutOnAnUplinkIsRejectedNamingThePort() {
    FabricSpec spec =
        caseStudy().breakoutDownlinks(List.of(new BreakoutPort("leaf-02", 40))).build();

    FabricViolation v = onlyViolation(spec, "breakout-downlink");

    assertThat(v.element()).isEqualTo("leaf-02 FourHundredGigE1/0/40");
    assertThat(v.message()).contains("not a downlink");
  }

  @Test
  void breakoutOnASpineIsRejected() {
    FabricSpec spec =
        caseStudy().breakoutDownlinks(List.of(new BreakoutPort("spine-01", 3))).build();

    assertThat(onlyViolation(spec, "breakout-downlink").element())
        .isEqualTo("spine-01 FourHundredGigE1/0/3");
  }

  @Test
  void vniRangeOutsideTwentyFourBitsIsRejected() {
    FabricViolation v = onlyViolation(caseStudy().vniRange(0, 16_777_216).build(), "vni-range");

    assertThat(v.element()).isEqualTo("vniFirst..vniLast");
    assertThat(v.message()).contains("16777215");
  }

  @Test
  void vniRangeSmallerThanOnePerGpuIsRejected() {
    FabricViolation v = onlyViolation(caseStudy().vniRange(10000, 10999).build(), "vni-range-size");

    assertThat(v.message()).contains("1000 VNIs").contains("1024");
  }

  @Test
  void malformedSupernetIsRejected() {
    FabricViolation v =
        onlyViolation(caseStudy().tenantSupernet("10.0.0.1/8").build(), "tenant-supernet");

    assertThat(v.element()).isEqualTo("tenantSupernet");
    assertThat(v.message()).contains("host bits");
  }

  @Test
  void supernetTooSmallForOnePrefixPerGpuIsRejected() {
    FabricViolation v =
        onlyViolation(caseStudy().tenantSupernet("192.168.0.0/24").build(), "tenant-supernet-size");

    assertThat(v.message()).contains("192.168.0.0/24");
  }

  @Test
  void rocePriorityMustBeAnEightOhTwoDotOnePPriority() {
    assertThat(onlyViolation(caseStudy().rocePriority(8).build(), "roce-priority").element())
        .isEqualTo("rocePriority");
  }

  @Test
  void blankNameIsRejected() {
    assertThat(onlyViolation(caseStudy().name(" ").build(), "name").element()).isEqualTo("name");
  }

  @Test
  void everyViolationIsReportedAtOnce() {
    FabricSpec spec = caseStudy().rocePriority(9).vniRange(5, 4).tenantSupernet("nope").build();

    assertThatThrownBy(() -> Fabric.of(spec))
        .isInstanceOfSatisfying(
            FabricValidationException.class,
            e ->
                assertThat(e.violations())
                    .extracting(FabricViolation::rule)
                    .containsExactly("vni-range", "tenant-supernet", "roce-priority"));
  }

  @Test
  void breakoutMixesTwoHundredAndFourHundredGigAndMovesBackInPlace() {
    FabricSpec mixed =
        caseStudy().breakoutDownlinks(List.of(new BreakoutPort("leaf-01", 1))).build();
    Fabric fabric = Fabric.of(mixed);

    Gpu gpu = fabric.gpu(new GpuId("gpu-node-001/0")).orElseThrow();
    assertThat(gpu.port()).isEqualTo(PortName.twoHundred(1, 1));
    assertThat(gpu.port().speedGbps()).isEqualTo(200);
    assertThat(fabric.portsOf(new SwitchName("leaf-01")))
        .hasSize(65)
        .contains(PortName.twoHundred(1, 1), PortName.twoHundred(1, 2))
        .doesNotContain(PortName.fourHundred(1));
    assertThat(fabric.gpu(new GpuId("gpu-node-001/1")).orElseThrow().port().speedGbps())
        .isEqualTo(400);

    Fabric back = Fabric.of(caseStudy().build());
    Gpu same = back.gpu(gpu.id()).orElseThrow();
    assertThat(same.leaf()).isEqualTo(gpu.leaf());
    assertThat(same.port()).isEqualTo(PortName.fourHundred(1));
  }
}
