package io.tenantfabric.db.fabric;

import java.util.Collection;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

/** GPUs and their cordon flags. */
public interface GpuRepository extends JpaRepository<GpuEntity, String> {

  @Query("select g.id from GpuEntity g where g.cordoned = true")
  List<String> findCordonedIds();

  List<GpuEntity> findByIdIn(Collection<String> ids);

  /** GPUs per leaf: {@code [leaf, total, cordoned]} rows. */
  @Query(
      "select g.leaf, count(g), sum(case when g.cordoned then 1 else 0 end)"
          + " from GpuEntity g group by g.leaf")
  List<Object[]> countPerLeaf();
}
