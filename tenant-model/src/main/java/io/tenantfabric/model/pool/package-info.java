/** Address pools of a fabric: VXLAN VNIs and tenant IPv4 prefixes, with quarantine before reuse. */
package io.tenantfabric.model.pool;
