package io.tenantfabric.db.fabric;

import org.springframework.data.jpa.repository.JpaRepository;

/** The cabling between switches. */
public interface LinkRepository extends JpaRepository<LinkEntity, Long> {}
