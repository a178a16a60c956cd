/**
 * A fabric grown in service: a growth planned and stored ({@link PlanGrowth}), its new switches'
 * inventory given now or later ({@link GrowthDevices}), applied ({@link ApplyGrowth}) and run step
 * by step by the provisioning leader ({@link GrowthMachine}), waiting visibly for the hands on the
 * floor.
 */
package io.tenantfabric.controller.growth;
