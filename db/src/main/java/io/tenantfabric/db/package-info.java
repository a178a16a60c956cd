/** Persistence adapter: Flyway migrations and JPA entities and repositories for the controller. */
package io.tenantfabric.db;
