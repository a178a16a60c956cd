package io.tenantfabric.southbound.comware;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.DeviceConfig;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Render/parse are inverses for generated configs, and planning from a config to itself is empty.
 */
class ComwareRoundTripPropertiesTest {

  @Property(tries = 200)
  void xmlRoundTrip(@ForAll("configs") DeviceConfig config) {
    assertThat(ComwareRoundTripTest.viaXml(config)).isEqualTo(config);
  }

  @Property(tries = 200)
  void cliRoundTrip(@ForAll("configs") DeviceConfig config) {
    assertThat(ComwareRoundTripTest.viaCli(config)).isEqualTo(config);
  }

  @Property(tries = 100)
  void planBetweenAnyTwoConfigsNamesOnlyTargetObjectsInCreates(
      @ForAll("configs") DeviceConfig a, @ForAll("configs") DeviceConfig b) {
    for (EditStep s : EditPlanner.plan(a, b)) {
      if (s instanceof EditStep.Attach at) {
        assertThat(b.vsis()).containsKey(at.vsi());
      }
      if (s instanceof EditStep.ApplyFilter f) {
        assertThat(b.acls()).containsKey(f.acl());
      }
      if (s instanceof EditStep.DeleteVsi d) {
        assertThat(b.vsis()).doesNotContainKey(d.vsi());
      }
    }
    assertThat(EditPlanner.plan(b, b)).isEmpty();
  }

  @Provide
  Arbitrary<DeviceConfig> configs() {
    return GeneratedConfigs.configs();
  }
}
