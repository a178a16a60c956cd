/** The controller's own threads: named daemon loops and thread factories for its pools. */
package io.tenantfabric.controller.concurrent;
