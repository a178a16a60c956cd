/**
 * Vendor-neutral per-switch configuration (DeviceConfig) that the compiler produces and drivers
 * render.
 */
package io.tenantfabric.model.device;
