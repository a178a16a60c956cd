package io.tenantfabric.db.fabric;

import org.springframework.data.jpa.repository.JpaRepository;

/** GPU servers. */
public interface ServerRepository extends JpaRepository<ServerEntity, String> {}
