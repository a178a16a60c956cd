package io.tenantfabric.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ApiVersionTest {

  @Test
  void theMajorIsTheFirstNumberOfASemverVersion() {
    assertThat(ApiVersion.major("1.0.0")).hasValue(1);
    assertThat(ApiVersion.major("12.3.4")).hasValue(12);
    assertThat(ApiVersion.major("2.0.0-rc.1")).hasValue(2);
    assertThat(ApiVersion.major("3.1.0+build.7")).hasValue(3);
    assertThat(ApiVersion.major(" 4.0.0 ")).hasValue(4);
  }

  @Test
  void aVersionThatIsNotSemverHasNoMajor() {
    assertThat(ApiVersion.major(null)).isEmpty();
    assertThat(ApiVersion.major("")).isEmpty();
    assertThat(ApiVersion.major("v1")).isEmpty();
    assertThat(ApiVersion.major("1.0")).isEmpty();
    assertThat(ApiVersion.major("01.0.0")).isEmpty();
    assertThat(ApiVersion.major("99999999999.0.0")).isEmpty();
  }

  @Test
  void onlyAGreaterMajorDeclaresABreak() {
    assertThat(ApiVersion.majorBumped("1.0.0", "2.0.0")).isTrue();
    assertThat(ApiVersion.majorBumped("1.4.2", "3.0.0")).isTrue();
    assertThat(ApiVersion.majorBumped("1.0.0", "1.1.0")).isFalse();
    assertThat(ApiVersion.majorBumped("1.0.0", "1.0.1")).isFalse();
    assertThat(ApiVersion.majorBumped("1.0.0", "1.0.0")).isFalse();
    assertThat(ApiVersion.majorBumped("2.0.0", "1.0.0")).isFalse();
  }

  @Test
  void anUnreadableVersionDeclaresNothing() {
    assertThat(ApiVersion.majorBumped("1.0.0", "two")).isFalse();
    assertThat(ApiVersion.majorBumped("draft", "2.0.0")).isFalse();
    assertThat(ApiVersion.majorBumped(null, "2.0.0")).isFalse();
  }
}
