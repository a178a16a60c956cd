package io.tenantfabric.controller.audit;

import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.audit.AuditCheckpointWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Import;
import org.springframework.dao.DataAccessException;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * Verifies the chain from the latest trusted checkpoint and, when it is intact and has grown, has
 * the owner's function append a new trusted {@code audit.checkpoint} event naming the last event
 * verified and its hash; the function walks that stretch again itself before it vouches for it.
 * Runs on a schedule ({@link AuditProperties}); a broken chain is logged at ERROR and gets no
 * checkpoint.
 */
@Component
@EnableConfigurationProperties(AuditProperties.class)
@Import(AuditCheckpointWriter.class) // the app scans only its own packages
public class AuditCheckpoints implements SchedulingConfigurer {

  private static final Logger log = LoggerFactory.getLogger(AuditCheckpoints.class);

  private final VerifyAuditChain verify;
  private final AuditCheckpointWriter writer;
  private final Transactions tx;
  private final AuditProperties properties;

  AuditCheckpoints(
      VerifyAuditChain verify,
      AuditCheckpointWriter writer,
      Transactions tx,
      AuditProperties properties) {
    this.verify = verify;
    this.writer = writer;
    this.tx = tx;
    this.properties = properties;
  }

  @Override
  public void configureTasks(ScheduledTaskRegistrar registrar) {
    if (!properties.checkpointInterval().isZero()) {
      registrar.addFixedDelayTask(this::checkpoint, properties.checkpointInterval());
    }
  }

  /**
   * Verifies from the latest checkpoint and appends a new one if the chain is intact and holds an
   * event after the previous checkpoint; returns the verification.
   */
  public ChainVerification checkpoint() {
    ChainVerification result = verify.verify(false);
    if (!result.ok()) {
      log.error(
          "audit chain broken at event {}: {}; no checkpoint written",
          result.firstBroken().id(),
          result.firstBroken().reason());
      return result;
    }
    boolean grown =
        result.lastId() != null
            && (result.checkpointId() == null || result.lastId() > result.checkpointId());
    if (grown) {
      try {
        // a long write: after an upgrade the function's first walk starts at the first event
        long id = tx.longWrite(() -> writer.append(result.lastId(), result.lastHash()));
        log.info(
            "audit chain verified through event {}; checkpoint {} appended", result.lastId(), id);
      } catch (DataAccessException e) {
        log.error(
            "audit chain verified through event {}, but the database refused to vouch for it: {}",
            result.lastId(),
            e.getMostSpecificCause().getMessage());
      }
    }
    return result;
  }
}
