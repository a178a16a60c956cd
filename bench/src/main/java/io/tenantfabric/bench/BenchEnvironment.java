package io.tenantfabric.bench;

import java.nio.file.Path;

/**
 * Where the built jars are, where results go, and how to reach PostgreSQL: {@code dbAdminUrl} names
 * the server (a fresh database is created per scenario), the two roles as the controller expects
 * them (docs/security.md), and the name of the database each scenario makes afresh ({@code
 * FABRIC_BENCH_DB_NAME}: two runs side by side need two), and the seed of what a scenario draws at
 * random ({@code --seed}, the chaos schedule).
 */
record BenchEnvironment(
    Path emulatorJar,
    Path controllerJar,
    Path outDir,
    String dbHost,
    int dbPort,
    String dbAdminUser,
    String dbOwnerUser,
    String dbUser,
    String dbName) {}
