/**
 * Integration test support: {@link ControllerIT} (a running app on a fresh schema) and {@link
 * ApiClient}.
 */
package io.tenantfabric.controller.support;
