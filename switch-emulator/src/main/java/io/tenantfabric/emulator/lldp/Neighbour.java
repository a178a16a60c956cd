package io.tenantfabric.emulator.lldp;

/**
 * One learnt neighbour: the local port (IfIndex and full name), seconds since it was learnt, and
 * what it advertises. A port has at most one neighbour, so its NeighborIndex is always 1.
 */
public record Neighbour(String ifIndex, String localPort, long timeMark, Advertisement heard) {}
