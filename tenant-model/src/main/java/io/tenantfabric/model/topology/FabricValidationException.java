package io.tenantfabric.model.topology;

import java.util.List;
import java.util.stream.Collectors;

/** A fabric spec breaks one or more rules; carries every violation, each naming its element. */
public class FabricValidationException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private static final int MESSAGE_LIMIT = 20;

  private final transient List<FabricViolation> violations;

  public FabricValidationException(List<FabricViolation> violations) {
    super(summary(violations));
    this.violations = List.copyOf(violations);
  }

  private static String summary(List<FabricViolation> violations) {
    String head =
        violations.stream()
            .limit(MESSAGE_LIMIT)
            .map(FabricViolation::toString)
            .collect(Collectors.joining("; "));
    int more = violations.size() - MESSAGE_LIMIT;
    return "invalid fabric spec ("
        + violations.size()
        + " violations): "
        + head
        + (more > 0 ? "; and " + more + " more" : "");
  }

  /** Every violation found, in the order the checks ran. */
  public List<FabricViolation> violations() {
    return violations;
  }
}
