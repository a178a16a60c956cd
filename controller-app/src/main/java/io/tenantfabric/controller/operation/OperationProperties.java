package io.tenantfabric.controller.operation;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code fabric.operations.*}: how long one step of an operation may wait for a switch that does
 * not answer, a push that is not applied or an audit that does not finish ({@code step-time},
 * default 2 min; counted from when the leader that runs it first tried it, so a resumed step gets
 * its whole time again), and how soon a step waiting for a switch is tried again ({@code
 * retry-interval}, default 1 s).
 */
@ConfigurationProperties("fabric.operations")
public record OperationProperties(
    @DefaultValue("2m") Duration stepTime, @DefaultValue("1s") Duration retryInterval) {

  public OperationProperties {
    if (stepTime == null || stepTime.isNegative() || stepTime.isZero()) {
      throw new IllegalArgumentException("fabric.operations.step-time must be positive");
    }
    if (retryInterval == null || retryInterval.isNegative() || retryInterval.isZero()) {
      throw new IllegalArgumentException("fabric.operations.retry-interval must be positive");
    }
  }
}
