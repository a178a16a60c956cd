/**
 * The pure core of tenant-fabric: topology, tenants, pools, placement and device config; JDK only.
 */
package io.tenantfabric.model;
