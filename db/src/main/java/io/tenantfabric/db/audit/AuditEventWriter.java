package io.tenantfabric.db.audit;

import io.tenantfabric.db.jdbc.RoundTrip;
import java.sql.Types;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Appends audit events in the caller's transaction, in plain JDBC: a native query through JPA would
 * flush the whole persistence context before every event (Hibernate cannot tell which tables a
 * native statement reads), and a group of allocations writes one event per allocation. The database
 * trigger assigns id, form, prev_hash and hash under the chain lock.
 */
@Repository
public class AuditEventWriter {

  private static final String INSERT =
      "INSERT INTO audit_events (actor_token_id, actor_role, action, target_type, target,"
          + " tenant, tenant_id, request_id, outcome, details, prev_hash, hash)"
          + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, CAST(? AS jsonb), '', '')";

  private final JdbcTemplate jdbc;

  AuditEventWriter(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** One event to append; {@code detailsJson} must be a JSON object. */
  public record Event(
      UUID actorTokenId,
      String actorRole,
      String action,
      String targetType,
      String target,
      String tenant,
      Long tenantId,
      String requestId,
      String outcome,
      String detailsJson) {}

  /**
   * Appends events in order, as one JDBC batch (one round trip for a batch of switches' events; the
   * trigger still chains them one by one).
   */
  public void append(List<Event> events) {
    jdbc.batchUpdate(
        INSERT,
        events,
        events.size(),
        (ps, e) -> {
          List<Value> values = values(e);
          for (int i = 0; i < values.size(); i++) {
            ps.setObject(i + 1, values.get(i).value(), values.get(i).sqlType());
          }
        });
  }

  /**
   * Adds to {@code trip} one insert per event, in order, to run with the caller's other writes when
   * it sends the round trip (the trigger chains them one by one, as {@link #append(List)}'s).
   */
  public void append(List<Event> events, RoundTrip trip) {
    for (Event e : events) {
      trip.update(
          INSERT,
          p -> values(e).forEach(v -> p.object(v.value(), v.sqlType())),
          RoundTrip.expecting(1, "audit event inserted"));
    }
  }

  /** One placeholder's value of {@link #INSERT}, with its SQL type. */
  private record Value(Object value, int sqlType) {}

  /** The event's values in the order of {@link #INSERT}'s placeholders: one mapping for both. */
  private static List<Value> values(Event e) {
    return List.of(
        new Value(e.actorTokenId(), Types.OTHER),
        new Value(e.actorRole(), Types.VARCHAR),
        new Value(e.action(), Types.VARCHAR),
        new Value(e.targetType(), Types.VARCHAR),
        new Value(e.target(), Types.VARCHAR),
        new Value(e.tenant(), Types.VARCHAR),
        new Value(e.tenantId(), Types.BIGINT),
        new Value(e.requestId(), Types.VARCHAR),
        new Value(e.outcome(), Types.VARCHAR),
        new Value(e.detailsJson(), Types.VARCHAR));
  }
}
