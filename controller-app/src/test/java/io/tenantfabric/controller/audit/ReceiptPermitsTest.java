package io.tenantfabric.controller.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Actor;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.security.TenantBinding;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ReceiptPermitsTest {

  private final ReceiptPermits permits =
      new ReceiptPermits(new AuditProperties(Duration.ofHours(1), Duration.ofSeconds(10), 2, 1));

  private static Actor tenant(long id) {
    return new Actor(UUID.randomUUID(), Role.TENANT, Optional.of(new TenantBinding(id, "t" + id)));
  }

  private static Actor auditor() {
    return new Actor(UUID.randomUUID(), Role.AUDITOR, Optional.empty());
  }

  @Test
  void oneCheckPerTenantWhicheverOfItsTokensAsks() {
    ReceiptPermits.Permit first = permits.acquire(tenant(7));
    assertTooMany(() -> permits.acquire(tenant(7)), "this tenant");
    first.release();
    permits.acquire(tenant(7)).release();
  }

  @Test
  void atMostTheOverallBoundAtOnceAndARefusalTakesNoPermit() {
    ReceiptPermits.Permit a = permits.acquire(tenant(1));
    ReceiptPermits.Permit b = permits.acquire(auditor());
    assertTooMany(() -> permits.acquire(tenant(2)), "the service");
    // the tenant refused above holds nothing: once a permit is back, it gets one
    a.release();
    ReceiptPermits.Permit c = permits.acquire(tenant(2));
    b.release();
    c.release();
  }

  private static void assertTooMany(Runnable acquire, String whose) {
    assertThatThrownBy(acquire::run)
        .isInstanceOfSatisfying(
            Refusal.class,
            r -> {
              assertThat(r.reason()).isEqualTo(Refusal.Reason.TOO_MANY);
              assertThat(r.retryAfter()).hasValue(ReceiptPermits.RETRY_AFTER);
              assertThat(r.detail()).contains(whose);
            });
  }
}
