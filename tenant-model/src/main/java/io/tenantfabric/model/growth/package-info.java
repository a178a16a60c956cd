/** Growth plans: how to go from one fabric to a larger one by adding switches and moving cables. */
package io.tenantfabric.model.growth;
