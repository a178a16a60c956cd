/** JDBC helpers the repositories share: statements sent to PostgreSQL in one round trip. */
package io.tenantfabric.db.jdbc;
