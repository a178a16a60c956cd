package io.tenantfabric.demo;

/**
 * The database the migrate step and the controller use: its JDBC URL, the roles' settings, and how
 * to describe it to the person who ran the demo.
 */
record DatabaseTarget(String url, DatabaseSettings settings, String description) {}
