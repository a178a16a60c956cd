/**
 * The H3C Comware 7 driver: pure render and parse between DeviceConfig and Comware's XML tables and
 * CLI (comware-facts.md sections 3, 5 and 6), the edit planner, the CLI echo scanner, and the I/O
 * of one transaction ({@code ComwareDriver}: read back, send steps, per-feature CLI fallback).
 */
package io.tenantfabric.southbound.comware;
