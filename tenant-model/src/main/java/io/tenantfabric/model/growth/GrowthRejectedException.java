package io.tenantfabric.model.growth;

import java.util.List;
import java.util.stream.Collectors;

/** The target fabric would remove or replace a switch (or server) of the current one. */
public class GrowthRejectedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient List<GrowthViolation> violations;

  public GrowthRejectedException(String from, String to, List<GrowthViolation> violations) {
    super(
        "growth from "
            + from
            + " to "
            + to
            + " is refused: "
            + violations.stream()
                .limit(20)
                .map(GrowthViolation::toString)
                .collect(Collectors.joining("; "))
            + (violations.size() > 20 ? "; and " + (violations.size() - 20) + " more" : ""));
    this.violations = List.copyOf(violations);
  }

  public List<GrowthViolation> violations() {
    return violations;
  }
}
