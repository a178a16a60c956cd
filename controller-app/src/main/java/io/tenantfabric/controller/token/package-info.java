/**
 * API tokens: issue (shown once), list without secrets, revoke, and the bootstrap OPERATOR token.
 */
package io.tenantfabric.controller.token;
