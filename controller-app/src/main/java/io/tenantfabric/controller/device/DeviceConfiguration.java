package io.tenantfabric.controller.device;

import io.tenantfabric.db.provisioning.DeviceViewStore;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Brings the db module's read-only device queries in (the application scans only its own packages).
 */
@Configuration
@Import(DeviceViewStore.class)
class DeviceConfiguration {}
