package io.tenantfabric.controller.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ActorTest {

  private static final UUID ID = UUID.fromString("00000000-0000-0000-0000-000000000001");

  @Test
  void tenantActorSeesOnlyItsTenant() {
    Actor a = new Actor(ID, Role.TENANT, Optional.of("acme"));
    assertThat(a.sees("acme")).isTrue();
    assertThat(a.sees("globex")).isFalse();
  }

  @Test
  void otherRolesSeeEveryTenant() {
    for (Role r : new Role[] {Role.OPERATOR, Role.PORTAL, Role.AUDITOR}) {
      assertThat(new Actor(ID, r, Optional.empty()).sees("acme")).isTrue();
    }
  }

  @Test
  void tenantIsRequiredExactlyForTenantActors() {
    assertThatThrownBy(() -> new Actor(ID, Role.TENANT, Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Actor(ID, Role.PORTAL, Optional.of("acme")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
