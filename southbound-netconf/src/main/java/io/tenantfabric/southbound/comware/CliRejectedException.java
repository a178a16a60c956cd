package io.tenantfabric.southbound.comware;

import io.tenantfabric.southbound.protocol.NetconfException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The switch accepted a {@code <CLI>} RPC but its echo shows that commands failed (comware-facts.md
 * section 2.6); carries the device's own words.
 */
public class CliRejectedException extends NetconfException {

  private static final long serialVersionUID = 1L;
  private final List<CliError> errors;
  private final String echo;

  public CliRejectedException(String device, List<CliError> errors, String echo) {
    super(
        device,
        "CLI refused: "
            + errors.stream().map(CliError::describe).collect(Collectors.joining("; ")));
    this.errors = List.copyOf(errors);
    this.echo = echo;
  }

  public List<CliError> errors() {
    return errors;
  }

  /** The whole echoed text, as the switch sent it. */
  public String echo() {
    return echo;
  }
}
