package io.tenantfabric.db.fabric;

import java.util.Collection;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

/** Switches, their drain flags and generations. */
public interface SwitchRepository extends JpaRepository<SwitchEntity, String> {

  List<SwitchEntity> findAllByOrderByNameAsc();

  @Query("select s.name from SwitchEntity s where s.drained = true")
  List<String> findDrainedNames();

  /**
   * Switches nothing new is placed on: unreachable or not ready (a change of this set moves the
   * intent version, V16).
   */
  @Query(
      value = "SELECT name FROM switches WHERE state IN ('UNREACHABLE', 'NOT_READY')",
      nativeQuery = true)
  List<String> findOutNames();

  /**
   * Counts {@code desired_generation} up by one on each named switch; returns the rows touched. The
   * rows are locked in name order first, the order every writer of switch rows uses (intent changes
   * and the provisioner's batch outcome), so that two of them never deadlock; and {@code FOR NO KEY
   * UPDATE}, the strength the UPDATE itself takes, not {@code FOR UPDATE}, which would also
   * conflict with the key-share locks of the foreign keys that name a switch (a batch being
   * recorded) and deadlock with them.
   */
  @Modifying(flushAutomatically = true, clearAutomatically = true)
  @Query(
      value =
          "UPDATE switches s SET desired_generation = s.desired_generation + 1 FROM (SELECT name"
              + " FROM switches WHERE name IN (:names) ORDER BY name FOR NO KEY UPDATE) l"
              + " WHERE s.name = l.name",
      nativeQuery = true)
  int bumpDesiredGeneration(Collection<String> names);
}
