package io.tenantfabric.controller.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tenantfabric.controller.refusal.Refusal;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.HttpStatus;

/**
 * The parameters every endpoint reads from its path and query string: a value in range is taken,
 * anything else is a 400 whose {@code field} names the parameter and whose detail says what is
 * expected (RFC 9457 problems, never a 500).
 */
class PathAndQueryParametersTest {

  @Test
  void waitIsAnIsoDurationFromZeroToAMinute() {
    assertThat(WaitParameter.parse(null)).isZero();
    assertThat(WaitParameter.parse("")).isZero();
    assertThat(WaitParameter.parse("PT0S")).isZero();
    assertThat(WaitParameter.parse("PT10S")).isEqualTo(Duration.ofSeconds(10));
    assertThat(WaitParameter.parse("PT0.5S")).isEqualTo(Duration.ofMillis(500));
    assertThat(WaitParameter.parse("PT60S")).isEqualTo(WaitParameter.MAX);
  }

  @ParameterizedTest
  @ValueSource(strings = {"10", "10s", "PT", "P1D", "PT60.001S", "PT-1S", "-PT1S", "PT1M1S"})
  void waitOutsideItsRangeOrFormIsABadRequestNamingWait(String raw) {
    Refusal e = catchThrowableOfType(Refusal.class, () -> WaitParameter.parse(raw));
    assertThat(e).as(raw).isNotNull();
    assertThat(RefusalStatus.of(e)).isEqualTo(HttpStatus.BAD_REQUEST);
    assertThat(e.field()).contains("wait");
    assertThat(e.detail()).contains("'wait'");
  }

  @Test
  void anIdIsACanonicalUuidInAnyCase() {
    UUID id = UUID.fromString("0f8fad5b-d9cb-469f-a165-70867728950e");
    assertThat(UuidParameter.parse(id.toString(), "id", "allocation id")).isEqualTo(id);
    assertThat(UuidParameter.parse(id.toString().toUpperCase(), "id", "allocation id"))
        .isEqualTo(id);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "42",
        "0f8fad5b-d9cb-469f-a165-70867728950",
        "f8fad5b-d9cb-469f-a165-70867728950e",
        "0f8fad5bd9cb469fa16570867728950e",
        "{0f8fad5b-d9cb-469f-a165-70867728950e}",
        "0-0-0-0-0"
      })
  void anythingButACanonicalUuidIsABadRequestNamingTheId(String raw) {
    Refusal e =
        catchThrowableOfType(
            Refusal.class, () -> UuidParameter.parse(raw, "allocation", "allocation id"));
    assertThat(e).as(raw).isNotNull();
    assertThat(RefusalStatus.of(e)).isEqualTo(HttpStatus.BAD_REQUEST);
    assertThat(e.field()).contains("allocation");
    assertThat(e.detail()).isEqualTo("An allocation id is a UUID.");
  }

  @Test
  void aSwitchNameIsTakenOrRefusedNamingName() {
    assertThat(SwitchNameParameter.parse("leaf-01").value()).isEqualTo("leaf-01");
    for (String raw : new String[] {"Leaf-01", "leaf_01", "-leaf", "", "leaf 01"}) {
      Refusal e = catchThrowableOfType(Refusal.class, () -> SwitchNameParameter.parse(raw));
      assertThat(e).as(raw).isNotNull();
      assertThat(RefusalStatus.of(e)).isEqualTo(HttpStatus.BAD_REQUEST);
      assertThat(e.field()).contains("name");
    }
  }

  @Test
  void aBoundedIntIsTakenWithinItsBoundsOnly() {
    assertThat(QueryParameters.boundedInt("1", "limit", 1, 200)).isEqualTo(1);
    assertThat(QueryParameters.boundedInt(" 200 ", "limit", 1, 200)).isEqualTo(200);
    for (String raw : new String[] {"0", "201", "-1", "1.5", "ten", "", "99999999999"}) {
      Refusal e =
          catchThrowableOfType(
              Refusal.class, () -> QueryParameters.boundedInt(raw, "limit", 1, 200));
      assertThat(e).as(raw).isNotNull();
      assertThat(RefusalStatus.of(e)).isEqualTo(HttpStatus.BAD_REQUEST);
      assertThat(e.field()).contains("limit");
      assertThat(e.detail()).isEqualTo("limit must be an integer from 1 to 200.");
    }
  }

  @Test
  void aPositiveLongIsRequiredAndPositive() {
    assertThat(QueryParameters.positiveLong("7", "after")).isEqualTo(7L);
    assertThat(QueryParameters.positiveLong(" 9223372036854775807 ", "after"))
        .isEqualTo(Long.MAX_VALUE);
    Refusal missing =
        catchThrowableOfType(Refusal.class, () -> QueryParameters.positiveLong(null, "after"));
    assertThat(RefusalStatus.of(missing)).isEqualTo(HttpStatus.BAD_REQUEST);
    assertThat(missing.field()).contains("after");
    assertThat(missing.detail()).isEqualTo("'after' is required.");
    for (String raw : new String[] {"0", "-3", "x", "", "9223372036854775808"}) {
      Refusal e =
          catchThrowableOfType(Refusal.class, () -> QueryParameters.positiveLong(raw, "after"));
      assertThat(e).as(raw).isNotNull();
      assertThat(e.field()).contains("after");
      assertThat(e.detail()).isEqualTo("after must be a positive integer.");
    }
  }
}
