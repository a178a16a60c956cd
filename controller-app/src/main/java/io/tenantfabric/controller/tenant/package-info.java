/**
 * The tenant API: create, list, read and delete tenants; VNI and prefix assignment with quarantine.
 */
package io.tenantfabric.controller.tenant;
