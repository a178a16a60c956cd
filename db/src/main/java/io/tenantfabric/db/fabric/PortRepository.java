package io.tenantfabric.db.fabric;

import org.springframework.data.jpa.repository.JpaRepository;

/** Switch ports. */
public interface PortRepository extends JpaRepository<PortEntity, PortKey> {

  long countByIdSwitchName(String switchName);
}
