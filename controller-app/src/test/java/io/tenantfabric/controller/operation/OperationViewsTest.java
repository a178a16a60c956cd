package io.tenantfabric.controller.operation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.db.operation.FabricOperationRow;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class OperationViewsTest {

  static final Instant T = Instant.parse("2026-12-05T10:00:00Z");
  static final UUID ID = UUID.fromString("3f0c6a9e-1b2c-4d5e-8f90-123456789abc");
  static final JsonMapper JSON = JsonMapper.builder().build();
  static final String REQUEST =
      "{\"host\":\"10.0.0.3\",\"port\":830,\"username\":\"netconf\","
          + "\"hostKeySha256\":\"SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\","
          + "\"serialNumber\":\"210235A2CSH19B000012\"}";

  @Test
  void aRunningReplaceShowsItsStepWhatItWaitsForAndNoEndYet() {
    OperationView v =
        OperationViews.of(
            new FabricOperationRow(
                ID,
                "REPLACE",
                "RUNNING",
                "PUSH",
                "[\"leaf-03 to apply generation 12 and verify it\"]",
                null,
                REQUEST,
                "{\"pushGeneration\":12}",
                "OPERATOR:7d0c6a9e-1b2c-4d5e-8f90-123456789abc",
                T,
                T.plusSeconds(3),
                null,
                List.of("leaf-03"),
                false),
            JSON);
    assertThat(v.id()).isEqualTo(ID);
    assertThat(v.kind()).isEqualTo("REPLACE");
    assertThat(v.state()).isEqualTo("RUNNING");
    assertThat(v.step()).isEqualTo("PUSH");
    assertThat(v.waitingFor()).containsExactly("leaf-03 to apply generation 12 and verify it");
    assertThat(v.error()).isNull();
    assertThat(v.finishedAt()).isNull();
    assertThat(v.switches()).containsExactly("leaf-03");
    assertThat(v.request())
        .isEqualTo(
            new ReplaceTarget(
                "10.0.0.3",
                830,
                "netconf",
                "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
                "210235A2CSH19B000012"));
    assertThat(v.actor()).isEqualTo("OPERATOR:7d0c6a9e-1b2c-4d5e-8f90-123456789abc");
    assertThat(OperationViews.SETTLED).doesNotContain(v.state());
  }

  @Test
  void aFailedReplaceShowsItsErrorAndWhenItEnded() {
    OperationView v =
        OperationViews.of(
            new FabricOperationRow(
                ID,
                "REPLACE",
                "FAILED",
                "DAY0",
                "[]",
                "the day-0 configuration of leaf-03 is incomplete",
                REQUEST,
                "{}",
                "OPERATOR:7d0c6a9e-1b2c-4d5e-8f90-123456789abc",
                T,
                T.plusSeconds(2),
                T.plusSeconds(2),
                List.of("leaf-03"),
                false),
            JSON);
    assertThat(v.error()).isEqualTo("the day-0 configuration of leaf-03 is incomplete");
    assertThat(v.step()).isEqualTo("DAY0");
    assertThat(v.waitingFor()).isEmpty();
    assertThat(v.finishedAt()).isEqualTo(T.plusSeconds(2));
    assertThat(OperationViews.SETTLED).contains(v.state());
  }

  @Test
  void aPasswordInTheStoredRequestIsNeverShown() {
    String withPassword = REQUEST.replace("}", ",\"password\":\"s3cret\"}");
    OperationView v =
        OperationViews.of(
            new FabricOperationRow(
                ID,
                "REPLACE",
                "WAITING",
                "IDENTITY",
                "[\"leaf-03 to answer\"]",
                null,
                withPassword,
                "{}",
                "OPERATOR:x",
                T,
                T,
                null,
                List.of("leaf-03"),
                false),
            JSON);
    assertThat(JSON.writeValueAsString(v)).doesNotContain("s3cret").doesNotContain("password");
    assertThat(OperationViews.SETTLED)
        .as("a wait for the outside answers a waiter")
        .contains("WAITING");
  }
}
