package io.tenantfabric.controller.event;

import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Which of the tokens holding streams still authenticate (not revoked, not expired, a TENANT
 * token's tenant still live, as {@code TokenAuthenticator} decides), in one query for all streams
 * of the instance.
 */
@Component
class StreamTokens {

  private final JdbcTemplate jdbc;

  StreamTokens(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  Set<UUID> valid(Collection<UUID> tokens) {
    if (tokens.isEmpty()) {
      return Set.of();
    }
    return new HashSet<>(
        jdbc.queryForList(
            "SELECT k.id FROM api_tokens k LEFT JOIN tenants t ON t.id = k.tenant_id"
                + " WHERE k.id = ANY (?::uuid[]) AND k.revoked_at IS NULL"
                + " AND (k.expires_at IS NULL OR k.expires_at > now())"
                + " AND (k.role <> 'TENANT' OR t.status = 'LIVE')",
            UUID.class,
            (Object) tokens.stream().map(UUID::toString).toArray(String[]::new)));
  }
}
