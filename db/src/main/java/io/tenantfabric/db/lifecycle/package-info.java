/**
 * Persistence of the fabric's own life, in JDBC: each switch's day-0 verdict ({@link Day0Records}),
 * every judged cable end with the GPUs it keeps out of placement ({@link CablingStore}), and the
 * cabling check runs ({@link CablingCheckStore}). Callers own the transactions.
 */
package io.tenantfabric.db.lifecycle;
