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

  /** Counts {@code desired_generation} up by one on each named switch; returns the rows touched. */
  @Modifying(flushAutomatically = true, clearAutomatically = true)
  @Query(
      "update SwitchEntity s set s.desiredGeneration = s.desiredGeneration + 1"
          + " where s.name in :names")
  int bumpDesiredGeneration(Collection<String> names);
}
