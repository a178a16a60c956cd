package io.tenantfabric.db.audit;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The stored fields of one audit event exactly as they enter the canonical form: occurred_at in
 * microseconds since the epoch, tenant_id as text and details as PostgreSQL's normalised jsonb
 * text, plus the form (1 or 2) the row was hashed in.
 */
public record AuditChainRow(
    long id,
    long occurredAtMicros,
    String actorTokenId,
    String actorRole,
    String action,
    String targetType,
    String target,
    String tenant,
    String tenantId,
    String requestId,
    String outcome,
    String details,
    String prevHash,
    String hash,
    int form) {

  /** Maps the current row of {@code rs}, whose columns are those of {@link #of(Object[])}. */
  static AuditChainRow of(ResultSet rs) throws SQLException {
    return new AuditChainRow(
        rs.getLong(1),
        rs.getLong(2),
        rs.getString(3),
        rs.getString(4),
        rs.getString(5),
        rs.getString(6),
        rs.getString(7),
        rs.getString(8),
        rs.getString(9),
        rs.getString(10),
        rs.getString(11),
        rs.getString(12),
        rs.getString(13),
        rs.getString(14),
        rs.getInt(15));
  }

  /** Maps one row of {@link AuditEventRepository#chainAfterRaw}, columns in declaration order. */
  static AuditChainRow of(Object[] c) {
    return new AuditChainRow(
        ((Number) c[0]).longValue(),
        ((Number) c[1]).longValue(),
        (String) c[2],
        (String) c[3],
        (String) c[4],
        (String) c[5],
        (String) c[6],
        (String) c[7],
        (String) c[8],
        (String) c[9],
        (String) c[10],
        (String) c[11],
        (String) c[12],
        (String) c[13],
        ((Number) c[14]).intValue());
  }
}
