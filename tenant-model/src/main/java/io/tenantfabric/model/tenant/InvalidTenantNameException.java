package io.tenantfabric.model.tenant;

/**
 * A tenant name breaks a rule; {@link #rule()} names which (e.g. {@code ascii}, {@code length}).
 */
public class InvalidTenantNameException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final String rule;

  public InvalidTenantNameException(String rule, String message) {
    super(message);
    this.rule = rule;
  }

  /** Id of the failed rule: required, ascii, lowercase, characters, length, start, end. */
  public String rule() {
    return rule;
  }
}
