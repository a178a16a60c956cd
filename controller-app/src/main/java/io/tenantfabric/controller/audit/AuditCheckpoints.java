package io.tenantfabric.controller.audit;

import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.audit.AuditEventRepository;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * Verifies the chain from the latest checkpoint and, when it is intact and has grown, appends a new
 * {@code audit.checkpoint} event naming the last event verified and its hash. Runs on a schedule
 * ({@link AuditProperties}); a broken chain is logged at ERROR and gets no checkpoint.
 */
@Component
@EnableConfigurationProperties(AuditProperties.class)
public class AuditCheckpoints implements SchedulingConfigurer {

  private static final Logger log = LoggerFactory.getLogger(AuditCheckpoints.class);

  private final VerifyAuditChain verify;
  private final AuditEventRepository events;
  private final AuditTrail audit;
  private final Transactions tx;
  private final AuditProperties properties;

  AuditCheckpoints(
      VerifyAuditChain verify,
      AuditEventRepository events,
      AuditTrail audit,
      Transactions tx,
      AuditProperties properties) {
    this.verify = verify;
    this.events = events;
    this.audit = audit;
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
      Map<String, Object> details = new LinkedHashMap<>();
      details.put("throughId", result.lastId());
      details.put("throughHash", result.lastHash());
      details.put("verifiedAfterId", result.startedAfterId());
      details.put("checked", result.checked());
      tx.write(
          () -> {
            audit.record(
                new AuditRecord(
                    AuditEventRepository.CHECKPOINT_ACTION,
                    "audit_chain",
                    Long.toString(result.lastId()),
                    null,
                    null,
                    AuditOutcome.SUCCESS,
                    details));
            return null;
          });
      log.info("audit chain verified through event {}; checkpoint appended", result.lastId());
    }
    return result;
  }
}
