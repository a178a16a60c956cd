package io.tenantfabric.emulator.cli;

/**
 * A breakout the CLI made: cage {@code port} split into two 200G halves ({@code split}) or joined
 * back into one 400G port. The cable in the cage follows it, which the CLI cannot do itself: the
 * cables belong to the fabric, not to the switch's configuration.
 */
public record PortSplit(int port, boolean split) {}
