package io.tenantfabric.southbound.session;

import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;

/**
 * What every session of one client shares: the rpc timeout timer, the parse workers and the byte
 * budget of messages waiting for them.
 */
record SessionResources(ScheduledExecutorService timer, Executor workers, ByteBudget budget) {}
