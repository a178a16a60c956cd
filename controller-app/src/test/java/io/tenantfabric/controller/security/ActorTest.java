package io.tenantfabric.controller.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ActorTest {

  private static final UUID ID = UUID.fromString("00000000-0000-0000-0000-000000000001");
  private static final TenantBinding ACME = new TenantBinding(7, "acme");

  @Test
  void tenantActorSeesOnlyItsOwnTenantByNameAndById() {
    Actor a = new Actor(ID, Role.TENANT, Optional.of(ACME));
    assertThat(a.sees("acme")).isTrue();
    assertThat(a.sees("globex")).isFalse();
    assertThat(a.sees(7L)).isTrue();
    assertThat(a.sees(8L)).as("same name, another tenant id: a reused name").isFalse();
  }

  @Test
  void otherRolesSeeEveryTenant() {
    for (Role r : new Role[] {Role.OPERATOR, Role.PORTAL, Role.AUDITOR}) {
      Actor a = new Actor(ID, r, Optional.empty());
      assertThat(a.sees("acme")).isTrue();
      assertThat(a.sees(7L)).isTrue();
    }
  }

  @Test
  void exactlyTenantActorsCarryATenant() {
    assertThatThrownBy(() -> new Actor(ID, Role.TENANT, Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Actor(ID, Role.PORTAL, Optional.of(ACME)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
