package io.tenantfabric.db.operation;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A fabric operation as stored: the JSON columns as text ({@code waitingFor} an array, {@code
 * request} and {@code progress} objects), {@code error} and {@code finishedAt} null until it failed
 * or ended, the switches it names (held or released), sorted, and whether a cancel was asked for.
 */
public record FabricOperationRow(
    UUID id,
    String kind,
    String state,
    String step,
    String waitingForJson,
    String error,
    String requestJson,
    String progressJson,
    String actor,
    Instant createdAt,
    Instant updatedAt,
    Instant finishedAt,
    List<String> switches,
    boolean cancelRequested) {

  public FabricOperationRow {
    switches = List.copyOf(switches);
  }
}
