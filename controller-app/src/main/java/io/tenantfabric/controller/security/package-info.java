/**
 * Bearer-token authentication and the bounds on what refused ones may cost, the role rules of the
 * API and tenant scoping of TENANT tokens.
 */
package io.tenantfabric.controller.security;
