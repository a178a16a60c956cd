/** Persistence of tenants and of the quarantine records of their released VNIs and prefixes. */
package io.tenantfabric.db.tenant;
