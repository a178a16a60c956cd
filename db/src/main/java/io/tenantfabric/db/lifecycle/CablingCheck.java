package io.tenantfabric.db.lifecycle;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A stored cabling check run: the switches asked for (empty: every managed switch), what asked
 * ({@code API}, {@code SCHEDULE}), its state ({@code REQUESTED}, {@code RUNNING}, {@code DONE},
 * {@code FAILED}), its times and its result (a JSON object; null until it ran).
 */
public record CablingCheck(
    UUID id,
    List<String> switches,
    String trigger,
    String state,
    Instant requestedAt,
    Instant startedAt,
    Instant finishedAt,
    String resultJson) {

  public CablingCheck {
    switches = switches == null ? List.of() : List.copyOf(switches);
  }
}
