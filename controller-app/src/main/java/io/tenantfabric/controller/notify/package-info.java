/**
 * How a committed change reaches those waiting for it: PostgreSQL notifications heard on one
 * dedicated connection ({@link PgListener}), waiters woken by them ({@link NotifiedWaiters}), and
 * the in-process events that reach this instance at once.
 */
package io.tenantfabric.controller.notify;
