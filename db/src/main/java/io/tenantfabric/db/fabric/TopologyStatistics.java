package io.tenantfabric.db.fabric;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Refreshes the planner's statistics of the topology tables after a bulk write of them (V11, {@code
 * analyze_topology()}): without them PostgreSQL plans reads of GPUs and switches as sequential
 * scans of the whole table until autovacuum, if it runs at all, gets there.
 */
@Component
public class TopologyStatistics {

  private final JdbcTemplate jdbc;

  public TopologyStatistics(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Analyzes switches, servers, GPUs, ports and links, in the caller's transaction: run it after
   * the topology's own transaction committed, so that what it samples is what others see.
   */
  @Transactional(propagation = Propagation.MANDATORY)
  public void refresh() {
    jdbc.execute("SELECT analyze_topology()");
  }
}
