package io.tenantfabric.controller.audit;

import io.tenantfabric.db.audit.AuditChainRow;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The canonical form of an audit event, computed independently of the SQL function {@code
 * audit_event_canonical} that the append trigger uses (docs/security.md, "Audit trail"). Form 1
 * (events before migration V4): the line {@code tf-audit-v1}, then id, occurred_at (microseconds
 * since the epoch), actor token id, actor role, action, target type, target, tenant, request id,
 * outcome, details (PostgreSQL's jsonb text) and prev_hash. Form 2 (since V4): {@code tf-audit-v2}
 * and the same fields with the tenant's id after the tenant's name. Each field is {@code -} for
 * null or {@code <UTF-8 byte length>:<value>}, joined by line feeds; the hash is the lower-case hex
 * SHA-256 of its UTF-8 bytes.
 */
final class AuditCanonicalForm {

  /** The prev_hash of the first event. */
  static final String GENESIS = "0".repeat(64);

  private AuditCanonicalForm() {}

  static String canonical(AuditChainRow r) {
    boolean v2 = r.form() == 2;
    StringBuilder sb = new StringBuilder(v2 ? "tf-audit-v2" : "tf-audit-v1");
    field(sb, String.valueOf(r.id()));
    field(sb, String.valueOf(r.occurredAtMicros()));
    field(sb, r.actorTokenId());
    field(sb, r.actorRole());
    field(sb, r.action());
    field(sb, r.targetType());
    field(sb, r.target());
    field(sb, r.tenant());
    if (v2) {
      field(sb, r.tenantId());
    }
    field(sb, r.requestId());
    field(sb, r.outcome());
    field(sb, r.details());
    field(sb, r.prevHash());
    return sb.toString();
  }

  static String hash(AuditChainRow r) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(sha.digest(canonical(r).getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
  }

  private static void field(StringBuilder sb, String value) {
    sb.append('\n');
    if (value == null) {
      sb.append('-');
    } else {
      sb.append(value.getBytes(StandardCharsets.UTF_8).length).append(':').append(value);
    }
  }
}
