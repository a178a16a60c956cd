package io.tenantfabric.controller.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.SystemEnvironmentPropertySource;

class BootstrapTokenValidationTest {

  @Test
  void unsetMeansNoBootstrap() {
    assertThat(BootstrapOperatorToken.validated(null)).isEmpty();
    assertThat(BootstrapOperatorToken.validated("")).isEmpty();
  }

  @Test
  void shortTokenRefusesToStartWithAClearMessage() {
    assertThatThrownBy(() -> BootstrapOperatorToken.validated("a".repeat(31)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("FABRIC_BOOTSTRAP_TOKEN")
        .hasMessageContaining("at least 32")
        .hasMessageNotContaining("aaaa");
  }

  @Test
  void tokenThatCannotTravelInABearerHeaderIsRefused() {
    assertThatThrownBy(() -> BootstrapOperatorToken.validated("a".repeat(32) + " b"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("letters, digits");
  }

  @Test
  void longEnoughTokenIsKept() {
    String t = "tf_" + "x".repeat(40);
    assertThat(BootstrapOperatorToken.validated(t)).isEqualTo(t);
  }

  @Test
  void environmentVariableReachesThePropertyTheRunnerReads() {
    var env =
        new SystemEnvironmentPropertySource(
            "env", Map.of("FABRIC_BOOTSTRAP_TOKEN", "tf_from-the-environment"));
    assertThat(env.getProperty("fabric.bootstrap-token")).isEqualTo("tf_from-the-environment");
  }
}
