/** Persistence of API tokens: only the SHA-256 of each secret is stored. */
package io.tenantfabric.db.token;
