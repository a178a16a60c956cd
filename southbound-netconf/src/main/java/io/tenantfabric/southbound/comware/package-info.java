/**
 * The H3C Comware 7 driver: pure render and parse between DeviceConfig and Comware's XML tables and
 * CLI (comware-netconf.md sections 3, 5 and 6), the edit planner and the CLI echo scanner.
 */
package io.tenantfabric.southbound.comware;
