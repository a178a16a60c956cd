/**
 * How use cases meet the database: one transaction per use case with lock and statement timeouts by
 * kind (intent changes short, reads medium, fabric definition and full verification long), reads in
 * one consistent snapshot.
 */
package io.tenantfabric.controller.transaction;
