package io.tenantfabric.controller.operation;

import io.tenantfabric.model.topology.SwitchName;
import java.util.UUID;

/**
 * One attempt at a step of a replace: the operation, its switch, what it asked for, its progress.
 */
record ReplaceContext(
    UUID operation, SwitchName switchName, ReplaceTarget target, ReplaceProgress progress) {}
