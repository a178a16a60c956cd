package io.tenantfabric.db.audit;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Appends a trusted checkpoint through the owner's function {@code audit_append_checkpoint}
 * (migration V15), in the caller's transaction: the function walks the chain from the previous
 * trusted checkpoint to the event it is asked to vouch for, refuses a broken stretch or a hash that
 * is not the stored one, then appends the {@code audit.checkpoint} event and lists it in {@code
 * audit_checkpoints}, which the runtime role cannot write.
 */
@Repository
public class AuditCheckpointWriter {

  private final JdbcTemplate jdbc;

  AuditCheckpointWriter(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * The id of the checkpoint event vouching for the chain through event {@code throughId}, whose
   * stored hash must be {@code throughHash}; a refusal of the function is thrown as the driver
   * reports it.
   */
  public long append(long throughId, String throughHash) {
    Long id =
        jdbc.queryForObject(
            "SELECT audit_append_checkpoint(?, ?)", Long.class, throughId, throughHash);
    if (id == null) {
      throw new IllegalStateException("audit_append_checkpoint returned no event id");
    }
    return id;
  }
}
