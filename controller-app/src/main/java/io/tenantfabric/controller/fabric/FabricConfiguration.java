package io.tenantfabric.controller.fabric;

import io.tenantfabric.db.fabric.FabricLock;
import io.tenantfabric.db.fabric.TopologyStatistics;
import io.tenantfabric.db.fabric.TopologyWriter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Brings the db module's JDBC topology writer, its statistics refresh and the fabric lock in (the
 * application scans only its own packages).
 */
@Configuration
@Import({TopologyWriter.class, TopologyStatistics.class, FabricLock.class})
class FabricConfiguration {}
