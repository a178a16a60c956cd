/**
 * Persistence of fabric operations, in JDBC: the operations with their step and progress, the
 * switches each holds (one open operation per switch, held by a partial unique index), and what a
 * replace pins on the switch it replaces.
 */
package io.tenantfabric.db.operation;
