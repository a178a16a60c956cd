package io.tenantfabric.controller.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

class StoredFindingTest {

  // as strict as the application's mapper
  static final JsonMapper JSON =
      JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  static final String LEGACY =
      "[{\"kind\":\"VNI_MISMATCH\",\"class\":\"ISOLATION\",\"severity\":\"CRITICAL\","
          + "\"switch\":\"leaf-01\",\"port\":null,\"tenants\":[\"blue\",\"red\"],"
          + "\"pending\":false,\"summary\":\"t-red carries VNI 5002\","
          + "\"evidence\":[\"vsi t-red\",\" vxlan 5002\"]}]";

  @Test
  void aFindingStoredBeforeOwnershipWasKeptReadsAsLegacy() {
    StoredFinding f = JSON.readValue(LEGACY, new TypeReference<List<StoredFinding>>() {}).get(0);

    assertThat(f.legacy()).isTrue();
    assertThat(f.view().tenants()).containsExactly("blue", "red");
    assertThat(f.view().evidence()).containsExactly("vsi t-red", " vxlan 5002");
  }

  @Test
  void aLegacyFindingIsTheTenantsByNameOnlyWhileTheNameWasTheirs() {
    StoredFinding f = JSON.readValue(LEGACY, new TypeReference<List<StoredFinding>>() {}).get(0);

    assertThat(f.concerns(7, "red", true)).isTrue();
    assertThat(f.concerns(7, "red", false)).isFalse();
    assertThat(f.concerns(7, "green", true)).isFalse();
  }

  @Test
  void aFindingWithOwnersIsTheTenantsByIdNeverByName() {
    StoredFinding f =
        new StoredFinding(
            "VNI_MISMATCH",
            "ISOLATION",
            "CRITICAL",
            "leaf-01",
            null,
            List.of("blue", "red"),
            false,
            "t-red carries VNI 5002",
            List.of("vsi t-red"),
            List.of(2L, 1L),
            null,
            List.of(1L, 2L),
            List.of(List.of(1L)));

    assertThat(f.concerns(1, "red", true)).isTrue();
    // a tenant that took the name "red" since is another tenant
    assertThat(f.concerns(9, "red", true)).isFalse();
  }

  @Test
  void ownershipSurvivesTheRoundTripThroughTheColumn() {
    StoredFinding f =
        new StoredFinding(
            "SHARED_SEGMENT",
            "ISOLATION",
            "CRITICAL",
            null,
            null,
            List.of("ghost", "red"),
            false,
            "VNI 5001 is carried by VSIs of ghost, red",
            List.of("leaf-03: vsi t-ghost vxlan 5001"),
            Arrays.asList(null, 1L),
            null,
            List.of(1L),
            List.of(List.of(1L)));

    String stored = JSON.writeValueAsString(List.of(f));
    StoredFinding back = JSON.readValue(stored, new TypeReference<List<StoredFinding>>() {}).get(0);

    assertThat(back).isEqualTo(f);
    assertThat(back.legacy()).isFalse();
  }
}
