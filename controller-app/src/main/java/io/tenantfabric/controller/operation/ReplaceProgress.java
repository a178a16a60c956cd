package io.tenantfabric.controller.operation;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;

/**
 * What a replace has done so far, stored with it so that a resumed step does not do it twice: the
 * generation its push raised the switch to and when, the isolation audit it asked for and how many
 * it asked for, and what the cabling check found (ports per state, or why it could not check).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record ReplaceProgress(
    Long pushGeneration,
    Instant pushRaisedAt,
    UUID auditId,
    Integer auditAttempts,
    SortedMap<String, Integer> cabling,
    String cablingError) {

  static final ReplaceProgress NONE = new ReplaceProgress(null, null, null, null, null, null);

  ReplaceProgress {
    cabling = cabling == null ? null : new TreeMap<>(cabling);
  }

  ReplaceProgress pushed(long generation, Instant at) {
    return new ReplaceProgress(generation, at, auditId, auditAttempts, cabling, cablingError);
  }

  ReplaceProgress audit(UUID id) {
    return new ReplaceProgress(
        pushGeneration, pushRaisedAt, id, attempts() + 1, cabling, cablingError);
  }

  ReplaceProgress cabled(Map<String, Integer> portsByState) {
    return new ReplaceProgress(
        pushGeneration, pushRaisedAt, auditId, auditAttempts, new TreeMap<>(portsByState), null);
  }

  ReplaceProgress cablingUnchecked(String why) {
    return new ReplaceProgress(pushGeneration, pushRaisedAt, auditId, auditAttempts, null, why);
  }

  /** How many isolation audits the replace asked for. */
  int attempts() {
    return auditAttempts == null ? 0 : auditAttempts;
  }
}
