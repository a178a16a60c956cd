package io.tenantfabric.db.fabric;

import jakarta.persistence.LockModeType;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Lock;
import org.springframework.data.jpa.repository.Query;

/** The fabric row; {@link #lockFabric()} is the per-fabric mutex of every intent change. */
public interface FabricRepository extends JpaRepository<FabricEntity, Short> {

  /** Reads the fabric row with {@code SELECT ... FOR UPDATE}: holders serialise until commit. */
  @Lock(LockModeType.PESSIMISTIC_WRITE)
  @Query("select f from FabricEntity f where f.id = 1")
  Optional<FabricEntity> lockFabric();

  /** Reads the fabric row without a lock. */
  @Query("select f from FabricEntity f where f.id = 1")
  Optional<FabricEntity> findFabric();
}
