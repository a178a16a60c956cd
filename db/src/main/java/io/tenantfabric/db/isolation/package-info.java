/**
 * Persistence of isolation audits: the runs and their results, and what each audit observed on the
 * ports every tenant owned (the tenant's evidence).
 */
package io.tenantfabric.db.isolation;
