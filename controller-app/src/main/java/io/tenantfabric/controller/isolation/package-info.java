/**
 * Isolation audits: every managed switch (or those named) read from its running config and proved
 * isolated by tenant-model's pure {@code IsolationVerifier}, on demand and after every batch; the
 * runs, and each tenant's evidence with a receipt in the audit trail (a tenant's own token sees of
 * other tenants only that there are some). Audits run on the provisioning leader, each switch read
 * while the provisioner does not hold it.
 */
package io.tenantfabric.controller.isolation;
