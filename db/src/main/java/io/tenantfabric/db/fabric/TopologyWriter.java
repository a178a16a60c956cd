package io.tenantfabric.db.fabric;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Writes a fabric's topology rows in bulk (JDBC batches: the 10,240-GPU preset has over 50,000
 * ports). Additive for switches, servers and GPUs, so drain flags, cordons, device inventory and
 * generations survive a growth; links are rewritten because a growth re-spreads cables.
 */
@Component
public class TopologyWriter {

  private static final int BATCH = 1000;

  private final JdbcTemplate jdbc;

  public TopologyWriter(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** Makes the topology tables equal to {@code rows}, inside the caller's transaction. */
  @Transactional(propagation = Propagation.MANDATORY)
  public void write(TopologyRows rows) {
    jdbc.update("DELETE FROM links");
    jdbc.batchUpdate(
        "INSERT INTO switches (name, role, pod) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING",
        rows.switches(),
        BATCH,
        (ps, s) -> {
          ps.setString(1, s.name());
          ps.setString(2, s.role());
          ps.setInt(3, s.pod());
        });
    jdbc.batchUpdate(
        "INSERT INTO ports (switch_name, name, speed_gbps, purpose) VALUES (?, ?, ?, ?)"
            + " ON CONFLICT (switch_name, name) DO UPDATE"
            + " SET speed_gbps = EXCLUDED.speed_gbps, purpose = EXCLUDED.purpose",
        rows.ports(),
        BATCH,
        (ps, p) -> {
          ps.setString(1, p.switchName());
          ps.setString(2, p.name());
          ps.setInt(3, p.speedGbps());
          ps.setString(4, p.purpose());
        });
    jdbc.batchUpdate(
        "INSERT INTO servers (name, rail_group) VALUES (?, ?)"
            + " ON CONFLICT (name) DO UPDATE SET rail_group = EXCLUDED.rail_group",
        rows.servers(),
        BATCH,
        (ps, s) -> {
          ps.setString(1, s.name());
          ps.setInt(2, s.railGroup());
        });
    jdbc.batchUpdate(
        "INSERT INTO gpus (id, server, leaf, port, rail) VALUES (?, ?, ?, ?, ?)"
            + " ON CONFLICT (id) DO UPDATE SET server = EXCLUDED.server, leaf = EXCLUDED.leaf,"
            + " port = EXCLUDED.port, rail = EXCLUDED.rail",
        rows.gpus(),
        BATCH,
        (ps, g) -> {
          ps.setString(1, g.id());
          ps.setString(2, g.server());
          ps.setString(3, g.leaf());
          ps.setString(4, g.port());
          ps.setInt(5, g.rail());
        });
    deleteStalePorts(rows.ports());
    jdbc.batchUpdate(
        "INSERT INTO links (lower_switch, lower_port, upper_switch, upper_port)"
            + " VALUES (?, ?, ?, ?)",
        rows.links(),
        BATCH,
        (ps, l) -> {
          ps.setString(1, l.lowerSwitch());
          ps.setString(2, l.lowerPort());
          ps.setString(3, l.upperSwitch());
          ps.setString(4, l.upperPort());
        });
  }

  // A port can vanish when a 400G port is split into two 200G sub-ports (or merged back).
  private void deleteStalePorts(List<TopologyRows.PortRow> wanted) {
    Set<String> keep = new HashSet<>();
    for (TopologyRows.PortRow p : wanted) {
      keep.add(p.switchName() + "\u0000" + p.name());
    }
    List<Object[]> stale =
        jdbc
            .query(
                "SELECT switch_name, name FROM ports",
                (rs, i) -> new Object[] {rs.getString(1), rs.getString(2)})
            .stream()
            .filter(k -> !keep.contains(k[0] + "\u0000" + k[1]))
            .toList();
    if (!stale.isEmpty()) {
      jdbc.batchUpdate("DELETE FROM ports WHERE switch_name = ? AND name = ?", stale);
    }
  }
}
