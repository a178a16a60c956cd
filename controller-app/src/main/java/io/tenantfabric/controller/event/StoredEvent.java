package io.tenantfabric.controller.event;

import java.util.Objects;
import java.util.Optional;

/**
 * One row of {@code events}: its position, type, the tenant it belongs to (empty for the platform's
 * events) and its payload as one line of JSON, as the database renders it.
 */
record StoredEvent(EventPosition position, String type, Optional<Long> tenantId, String data) {

  StoredEvent {
    Objects.requireNonNull(position, "position");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(tenantId, "tenantId");
    Objects.requireNonNull(data, "data");
  }
}
