/**
 * The cabling API: every planned link with both ends as planned and as seen over LLDP, the findings
 * on leased GPUs' cables, and cabling check runs (requested here, run by the provisioning leader
 * between its batches through {@code provision.SwitchLifecycleChecks}).
 */
package io.tenantfabric.controller.cabling;
