package io.tenantfabric.controller.event;

import io.tenantfabric.controller.security.Actor;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which events a token's stream carries: OPERATOR and AUDITOR every one; PORTAL the {@code
 * allocation} events of every tenant; TENANT its own tenant's {@code allocation} and {@code
 * evidence} events, by the tenant's id (names are reused after a tenant is deleted), read from the
 * row's {@code tenant_id}, never from the payload.
 */
final class EventVisibility {

  private static final Set<String> TENANT_TYPES = Set.of("allocation", "evidence");

  private EventVisibility() {}

  static Predicate<StoredEvent> of(Actor actor) {
    return switch (actor.role()) {
      case OPERATOR, AUDITOR -> e -> true;
      case PORTAL -> e -> e.type().equals("allocation");
      case TENANT -> {
        long own = actor.tenant().orElseThrow().id();
        yield e ->
            TENANT_TYPES.contains(e.type()) && e.tenantId().map(id -> id == own).orElse(false);
      }
    };
  }
}
