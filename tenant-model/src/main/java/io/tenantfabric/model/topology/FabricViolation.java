package io.tenantfabric.model.topology;

/**
 * One broken rule of a fabric spec: the offending element (switch, port, link, field), the rule id
 * and a message.
 */
public record FabricViolation(String element, String rule, String message) {

  @Override
  public String toString() {
    return rule + " [" + element + "]: " + message;
  }
}
