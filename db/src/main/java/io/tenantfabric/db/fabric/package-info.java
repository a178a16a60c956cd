/**
 * Persistence of the fabric: its spec, switches with device inventory and generations, ports,
 * links, servers and GPUs.
 */
package io.tenantfabric.db.fabric;
