package io.tenantfabric.model.compile;

import java.util.Objects;

/**
 * The intent handed to the compiler breaks one of its rules (a GPU in two allocations, a VNI held
 * by two tenants, ...); the message names both parties, {@link #element()} the object it is about.
 */
public class IntentConflictException extends RuntimeException {

  private static final long serialVersionUID = 1L;
  private final String rule;
  private final String element;

  public IntentConflictException(String rule, String element, String message) {
    super(Objects.requireNonNull(message, "message"));
    this.rule = Objects.requireNonNull(rule, "rule");
    this.element = Objects.requireNonNull(element, "element");
  }

  /** The rule id, e.g. {@code gpu-allocated-twice}. */
  public String rule() {
    return rule;
  }

  /** The element the conflict is about, e.g. {@code gpu gpu-node-001/0}. */
  public String element() {
    return element;
  }

  @Override
  public String toString() {
    return rule + " [" + element + "]: " + getMessage();
  }
}
