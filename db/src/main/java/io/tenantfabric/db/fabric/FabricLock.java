package io.tenantfabric.db.fabric;

import io.tenantfabric.db.jdbc.RoundTrip;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The fabric row as the per-fabric mutex, in plain JDBC: every allocation group, release and drain
 * takes it, and through JPA ({@link FabricRepository#lockFabric()}) each one would also fetch,
 * parse and hydrate the whole spec (a jsonb of the topology and its devices) under that lock, where
 * the caller only needs to know whether it has changed. Locks as {@code lockFabric} does ({@code
 * FOR NO KEY UPDATE}, what Hibernate's PostgreSQL dialect sends for {@code PESSIMISTIC_WRITE}).
 */
@Repository
public class FabricLock {

  /**
   * What identifies one version of the spec: the revision counts every growth up ({@link
   * FabricEntity#grow}), and the creation time tells a fabric defined anew from the one before.
   */
  public record Stamp(long revision, Instant createdAt) {}

  private final JdbcTemplate jdbc;

  FabricLock(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** Locks the fabric row until the transaction ends; empty when no fabric is defined. */
  public Optional<Stamp> lock() {
    RoundTrip trip = new RoundTrip(jdbc);
    RoundTrip.Answer<Optional<Stamp>> stamp = lock(trip);
    trip.send();
    return stamp.get();
  }

  /**
   * {@link #lock()} as the next statement of {@code trip}: the statements after it in the trip run
   * once the lock is granted, each with a snapshot taken then.
   */
  public RoundTrip.Answer<Optional<Stamp>> lock(RoundTrip trip) {
    return trip.query(
        "SELECT revision, created_at FROM fabric WHERE id = 1 FOR NO KEY UPDATE",
        p -> {},
        rs ->
            rs.next()
                ? Optional.of(
                    new Stamp(rs.getLong(1), rs.getObject(2, OffsetDateTime.class).toInstant()))
                : Optional.empty());
  }

  /** The spec (JSON) of the fabric row, as it is now. */
  public String spec() {
    return jdbc.queryForObject("SELECT spec::text FROM fabric WHERE id = 1", String.class);
  }
}
