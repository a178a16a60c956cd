/**
 * The operator console: static pages and ES modules under {@code /console/}, which call the REST
 * API with the bearer token the user pasted.
 */
package io.tenantfabric.controller.console;
