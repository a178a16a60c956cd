/**
 * How use cases meet the database: one transaction per use case with lock and statement timeouts by
 * kind (intent changes short, reads medium, fabric definition and full verification long) or given
 * by a use case that bounds itself (a receipt check), reads in one consistent snapshot; group
 * commit ({@code GroupCommit}) for use cases whose serial part (a global lock, the audit chain, the
 * commit) is paid once per group, with each item run as its own caller ({@code CallerContext}).
 */
package io.tenantfabric.controller.transaction;
