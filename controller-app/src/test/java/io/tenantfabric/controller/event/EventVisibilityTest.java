package io.tenantfabric.controller.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Actor;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.security.TenantBinding;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class EventVisibilityTest {

  static final List<StoredEvent> EVENTS =
      List.of(
          event("allocation", 7L),
          event("allocation", 8L),
          event("evidence", 7L),
          event("evidence", 8L),
          event("switch", null),
          event("cabling", null),
          event("operation", null),
          event("isolation-audit", null));

  @Test
  void operatorsAndAuditorsSeeEverything() {
    assertThat(seen(actor(Role.OPERATOR, null))).hasSize(EVENTS.size());
    assertThat(seen(actor(Role.AUDITOR, null))).hasSize(EVENTS.size());
  }

  @Test
  void thePortalSeesTheAllocationsOfEveryTenant() {
    assertThat(seen(actor(Role.PORTAL, null))).containsExactly("allocation/7", "allocation/8");
  }

  @Test
  void aTenantSeesItsOwnAllocationsAndEvidenceByIdOnly() {
    assertThat(seen(actor(Role.TENANT, new TenantBinding(7, "acme"))))
        .containsExactly("allocation/7", "evidence/7");
    // the same name, another tenant (a name reused after a delete): nothing of tenant 7
    assertThat(seen(actor(Role.TENANT, new TenantBinding(9, "acme")))).isEmpty();
  }

  private static List<String> seen(Actor actor) {
    Predicate<StoredEvent> visible = EventVisibility.of(actor);
    return EVENTS.stream()
        .filter(visible)
        .map(e -> e.type() + "/" + e.tenantId().map(String::valueOf).orElse("-"))
        .toList();
  }

  private static Actor actor(Role role, TenantBinding tenant) {
    return new Actor(UUID.randomUUID(), role, Optional.ofNullable(tenant));
  }

  private static StoredEvent event(String type, Long tenant) {
    return new StoredEvent(
        new EventPosition(1, 1), type, Optional.ofNullable(tenant), "{\"tenant\": \"acme\"}");
  }
}
