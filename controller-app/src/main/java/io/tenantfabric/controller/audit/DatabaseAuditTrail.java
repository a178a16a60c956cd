package io.tenantfabric.controller.audit;

import io.tenantfabric.controller.security.Actor;
import io.tenantfabric.controller.security.CurrentActor;
import io.tenantfabric.controller.web.RequestIds;
import io.tenantfabric.db.audit.AuditEventWriter;
import io.tenantfabric.db.jdbc.RoundTrip;
import java.util.List;
import java.util.Optional;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link AuditTrail} on the {@code audit_events} table: actor and request id come from the current
 * request (none outside one, e.g. at start-up), chain position and hashes from the database
 * trigger.
 */
@Component
@Import(AuditEventWriter.class) // the app scans only its own packages
class DatabaseAuditTrail implements AuditTrail {

  /** Role recorded for events without a request, such as the bootstrap token at start-up. */
  static final String SYSTEM_ROLE = "SYSTEM";

  private final AuditEventWriter events;
  private final JsonMapper json;

  DatabaseAuditTrail(AuditEventWriter events, JsonMapper json) {
    this.events = events;
    this.json = json;
  }

  @Override
  @Transactional(propagation = Propagation.MANDATORY)
  public void record(AuditRecord r) {
    events.append(List.of(event(r)));
  }

  @Override
  @Transactional(propagation = Propagation.MANDATORY)
  public void recordAll(List<AuditRecord> records) {
    events.append(records.stream().map(this::event).toList());
  }

  @Override
  public Stamped stamp(AuditRecord r) {
    return new StampedEvent(event(r));
  }

  @Override
  @Transactional(propagation = Propagation.MANDATORY)
  public void append(List<Stamped> stamped) {
    events.append(eventsOf(stamped));
  }

  @Override
  public void append(List<Stamped> stamped, RoundTrip trip) {
    events.append(eventsOf(stamped), trip);
  }

  private record StampedEvent(AuditEventWriter.Event event) implements Stamped {}

  private static List<AuditEventWriter.Event> eventsOf(List<Stamped> stamped) {
    return stamped.stream().map(s -> ((StampedEvent) s).event()).toList();
  }

  @Override
  @Transactional(propagation = Propagation.REQUIRES_NEW)
  public void recordRejection(AuditRecord r) {
    events.append(List.of(event(r)));
  }

  private AuditEventWriter.Event event(AuditRecord r) {
    Optional<Actor> actor = CurrentActor.find();
    return new AuditEventWriter.Event(
        actor.map(Actor::tokenId).orElse(null),
        actor.map(a -> a.role().name()).orElse(SYSTEM_ROLE),
        r.action(),
        r.targetType(),
        r.target(),
        r.tenant(),
        r.tenantId(),
        RequestIds.current().orElse(null),
        r.outcome().name(),
        json.writeValueAsString(r.details()));
  }
}
