package io.tenantfabric.controller.idempotency;

import io.tenantfabric.db.idempotency.IdempotencyRecordRepository;
import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Deletes expired idempotency records on a schedule, in short batches so that no sweep holds locks
 * for long. An expired record is never replayed even before it is swept (the use case checks).
 */
@Component
@EnableConfigurationProperties(IdempotencyProperties.class)
public class ExpireIdempotencyRecords implements SchedulingConfigurer {

  static final int BATCH = 1000;

  private static final Logger log = LoggerFactory.getLogger(ExpireIdempotencyRecords.class);

  private final IdempotencyRecordRepository records;
  private final TransactionTemplate tx;
  private final Clock clock;
  private final Duration interval;

  ExpireIdempotencyRecords(
      IdempotencyRecordRepository records,
      PlatformTransactionManager txm,
      Clock clock,
      IdempotencyProperties properties) {
    this.records = records;
    this.tx = new TransactionTemplate(txm);
    this.clock = clock;
    this.interval = properties.sweepInterval();
  }

  @Override
  public void configureTasks(ScheduledTaskRegistrar registrar) {
    registrar.addFixedDelayTask(this::sweep, interval);
  }

  /** Deletes every record expired now and returns how many. */
  public int sweep() {
    int total = 0;
    int n;
    do {
      n = tx.execute(s -> records.deleteExpired(clock.instant(), BATCH));
      total += n;
    } while (n == BATCH);
    if (total > 0) {
      log.info("deleted {} expired idempotency records", total);
    }
    return total;
  }
}
