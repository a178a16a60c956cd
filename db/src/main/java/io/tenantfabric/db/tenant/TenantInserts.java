package io.tenantfabric.db.tenant;

import io.tenantfabric.db.jdbc.RoundTrip;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * New tenants of a creation group, in plain JDBC: which of their names are taken in one query, and
 * the free ones inserted in one statement. Through JPA the same work would be a query and an insert
 * per tenant (an identity column keeps Hibernate from batching inserts), about 2 x 32 round trips
 * for a full group, all while the group's requests wait.
 */
@Repository
public class TenantInserts {

  /** A tenant to create: no pools yet (they come with its first allocation). */
  public record NewTenant(String name, String displayName, int gpuQuota) {}

  private final JdbcTemplate jdbc;

  TenantInserts(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * The names among {@code names} that a live tenant has; planned each run ({@link
   * RoundTrip#planEachRun}), for {@code tenants} as large as it is by then.
   */
  public Set<String> liveAmong(Collection<String> names) {
    if (names.isEmpty()) {
      return new HashSet<>();
    }
    RoundTrip trip = new RoundTrip(jdbc).planEachRun();
    RoundTrip.Answer<Set<String>> live =
        trip.query(
            "SELECT name FROM tenants WHERE name = ANY (?) AND status = 'LIVE'",
            p -> p.array("text", names),
            rs -> {
              Set<String> out = new HashSet<>();
              while (rs.next()) {
                out.add(rs.getString(1));
              }
              return out;
            });
    trip.send();
    return live.get();
  }

  /**
   * Inserts every tenant (their names distinct and free, or the statement fails on the unique index
   * {@code tenants_live_name}) created at {@code createdAt}; their ids, in the order given.
   */
  public List<Long> insertAll(List<NewTenant> tenants, Instant createdAt) {
    if (tenants.isEmpty()) {
      return List.of();
    }
    Map<String, Long> ids = new HashMap<>();
    jdbc.query(
        "INSERT INTO tenants (name, display_name, gpu_quota, created_at)"
            + " SELECT n, d, q, ?::timestamptz FROM unnest(?::text[], ?::text[], ?::int[]) AS x(n, d, q)"
            + " RETURNING name, id",
        ps -> {
          ps.setString(1, createdAt.toString()); // ISO-8601 in UTC: no session zone
          ps.setArray(
              2,
              ps.getConnection()
                  .createArrayOf("text", tenants.stream().map(NewTenant::name).toArray()));
          ps.setArray(
              3,
              ps.getConnection()
                  .createArrayOf("text", tenants.stream().map(NewTenant::displayName).toArray()));
          ps.setArray(
              4,
              ps.getConnection()
                  .createArrayOf("int4", tenants.stream().map(NewTenant::gpuQuota).toArray()));
        },
        rs -> {
          ids.put(rs.getString(1), rs.getLong(2));
        });
    List<Long> out = new ArrayList<>(tenants.size());
    for (NewTenant t : tenants) {
      Long id = ids.get(t.name());
      if (id == null) {
        throw new IllegalStateException("tenant " + t.name() + " was not inserted");
      }
      out.add(id);
    }
    return out;
  }
}
