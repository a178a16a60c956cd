/** Tenant identity rules: names that fit Comware's VSI and ACL name limits. */
package io.tenantfabric.model.tenant;
