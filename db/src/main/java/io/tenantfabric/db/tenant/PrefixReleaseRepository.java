package io.tenantfabric.db.tenant;

import org.springframework.data.jpa.repository.JpaRepository;

/** Quarantine records of released prefixs. */
public interface PrefixReleaseRepository extends JpaRepository<PrefixReleaseEntity, Long> {}
