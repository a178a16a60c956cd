/**
 * Fabric operations: long changes of the fabric (a switch replaced), stored and run step by step by
 * the provisioning leader between its batches, resumed from their stored step after a restart or a
 * leader change, holding their switches against batches and repairs; and their REST side.
 */
package io.tenantfabric.controller.operation;
