/**
 * Persistence adapter: Flyway migrations, one package per table group, and the rule by which each
 * is written. JPA entities and repositories serve plain row CRUD; set-based statements and the hot
 * paths go through JDBC ({@code JdbcTemplate}, and {@link io.tenantfabric.db.jdbc.RoundTrip} to
 * send the statements a lock holder runs back to back in one round trip).
 */
package io.tenantfabric.db;
