/**
 * Vendor-neutral per-switch configuration (DeviceConfig) that the compiler produces and drivers
 * render, and that a driver reads back, with what it found on managed ports beyond the intent.
 */
package io.tenantfabric.model.device;
