package io.tenantfabric.db.token;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The authentication path's reads and writes of {@code api_tokens}, in plain JDBC: one statement
 * per request (the token by its hash, joined to its tenant's status) instead of a JPA transaction
 * around two queries. Every API request passes here, so it is kept to one round trip; there is no
 * cache, so a revocation or a tenant's deletion takes effect on the next request.
 */
@Repository
public class TokenLookup {

  private final JdbcTemplate jdbc;

  TokenLookup(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * What authentication needs of a token.
   *
   * @param tenantLive for a token bound to a tenant, whether that tenant (by id) is LIVE now
   */
  public record TokenRow(
      UUID id,
      String secretHash,
      String role,
      Optional<Long> tenantId,
      Optional<String> tenant,
      boolean tenantLive,
      Optional<Instant> expiresAt,
      boolean revoked,
      Optional<Instant> lastUsedAt) {

    /** True when the token has an expiry at or before {@code now}. */
    public boolean isExpiredAt(Instant now) {
      return expiresAt.map(e -> !e.isAfter(now)).orElse(false);
    }
  }

  /** The token whose secret hashes to {@code secretHash} (unique index), revoked or not. */
  public Optional<TokenRow> bySecretHash(String secretHash) {
    List<TokenRow> rows =
        jdbc.query(
            "SELECT k.id, k.secret_hash, k.role, k.tenant_id, k.tenant,"
                + " COALESCE(t.status = 'LIVE', false) AS tenant_live, k.expires_at,"
                + " k.revoked_at IS NOT NULL AS revoked, k.last_used_at"
                + " FROM api_tokens k LEFT JOIN tenants t ON t.id = k.tenant_id"
                + " WHERE k.secret_hash = ?",
            TokenLookup::row,
            secretHash);
    return rows.stream().findFirst();
  }

  /**
   * Stamps {@code last_used_at}, at most once a minute per token so that reads do not turn into a
   * write per request.
   */
  public void touch(UUID id) {
    jdbc.update(
        "UPDATE api_tokens SET last_used_at = now() WHERE id = ?"
            + " AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')",
        id);
  }

  private static TokenRow row(ResultSet rs, int n) throws SQLException {
    long tenantId = rs.getLong("tenant_id");
    Optional<Long> tenant = rs.wasNull() ? Optional.empty() : Optional.of(tenantId);
    return new TokenRow(
        rs.getObject("id", UUID.class),
        rs.getString("secret_hash"),
        rs.getString("role"),
        tenant,
        Optional.ofNullable(rs.getString("tenant")),
        rs.getBoolean("tenant_live"),
        instant(rs.getTimestamp("expires_at")),
        rs.getBoolean("revoked"),
        instant(rs.getTimestamp("last_used_at")));
  }

  private static Optional<Instant> instant(Timestamp t) {
    return Optional.ofNullable(t).map(Timestamp::toInstant);
  }
}
