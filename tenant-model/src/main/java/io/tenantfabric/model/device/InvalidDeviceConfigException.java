package io.tenantfabric.model.device;

/** A device-config value broke one of its rules; names the offending element and the rule. */
public class InvalidDeviceConfigException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;
  private final String element;
  private final String rule;

  public InvalidDeviceConfigException(String element, String rule, String message) {
    super(element + ": " + message + " [" + rule + "]");
    this.element = element;
    this.rule = rule;
  }

  public String element() {
    return element;
  }

  public String rule() {
    return rule;
  }
}
