package io.tenantfabric.model.growth;

/** One reason a growth is refused, naming the switch or server that would be lost or changed. */
public record GrowthViolation(String element, String rule, String message) {

  @Override
  public String toString() {
    return rule + " [" + element + "]: " + message;
  }
}
