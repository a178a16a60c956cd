package io.tenantfabric.db.tenant;

import org.springframework.data.jpa.repository.JpaRepository;

/** Quarantine records of released vnis. */
public interface VniReleaseRepository extends JpaRepository<VniReleaseEntity, Long> {}
