package io.tenantfabric.db.provisioning;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;

/**
 * The provisioner's record of one switch: its state, its last error (null fields when none), when a
 * change was last verified on it, since when it has changes not saved to startup, since when it is
 * drifted, and the last drift found (a JSON array of items; kept after a repair, for the record).
 */
public record SwitchStatus(
    String name,
    String state,
    Instant lastErrorAt,
    String lastErrorPhase,
    String lastError,
    Instant lastVerifiedAt,
    Instant unsavedSince,
    Instant driftSince,
    Instant lastDriftAt,
    String lastDriftJson) {

  /** The {@code switches} columns {@link #read} expects, in its order. */
  static final String COLUMNS =
      "name, state, last_error_at, last_error_phase, last_error, last_verified_at, unsaved_since,"
          + " drift_since, last_drift_at, last_drift::text";

  /** Reads the {@link #COLUMNS} starting at column {@code first}. */
  static SwitchStatus read(ResultSet rs, int first) throws SQLException {
    return new SwitchStatus(
        rs.getString(first),
        rs.getString(first + 1),
        instant(rs.getTimestamp(first + 2)),
        rs.getString(first + 3),
        rs.getString(first + 4),
        instant(rs.getTimestamp(first + 5)),
        instant(rs.getTimestamp(first + 6)),
        instant(rs.getTimestamp(first + 7)),
        instant(rs.getTimestamp(first + 8)),
        rs.getString(first + 9));
  }

  private static Instant instant(Timestamp t) {
    return t == null ? null : t.toInstant();
  }
}
