package io.tenantfabric.db.fabric;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

/** GPUs and their cordon flags. */
public interface GpuRepository extends JpaRepository<GpuEntity, String> {

  @Query("select g.id from GpuEntity g where g.cordoned = true")
  List<String> findCordonedIds();

  /** GPUs whose cable's last check keeps them out of placement (V16's {@code cable_blocked}). */
  @Query(value = "SELECT id FROM gpus WHERE cable_blocked", nativeQuery = true)
  List<String> findCableBlockedIds();

  /**
   * The GPUs with these ids, in one statement whatever their number. A derived {@code findByIdIn}
   * binds an IN list of n parameters, which Hibernate translates anew on every call, on the path of
   * every read of an allocation ({@code GET .../allocations/{id}}).
   */
  @Query(value = "SELECT * FROM gpus WHERE id = ANY(:ids)", nativeQuery = true)
  List<GpuEntity> findAllAmong(@Param("ids") String[] ids);

  /** GPUs per leaf: {@code [leaf, total, cordoned]} rows. */
  @Query(
      "select g.leaf, count(g), sum(case when g.cordoned then 1 else 0 end)"
          + " from GpuEntity g group by g.leaf")
  List<Object[]> countPerLeaf();
}
