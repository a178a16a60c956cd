/** Bearer-token authentication, the role rules of the API and tenant scoping of TENANT tokens. */
package io.tenantfabric.controller.security;
