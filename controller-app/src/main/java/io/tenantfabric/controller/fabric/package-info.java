/**
 * The fabric API: define or grow the fabric with its device inventory, read occupancy, drain
 * switches and cordon GPUs.
 */
package io.tenantfabric.controller.fabric;
