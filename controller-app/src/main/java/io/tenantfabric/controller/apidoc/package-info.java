/**
 * The API document's own parts: its frame, the roles and refusals an endpoint declares, the shared
 * problem responses and the rules that keep answers' schemas exact (required, nullable, bounded).
 * Features use its annotations; it reads the web edge's status map and the roles, nothing else.
 */
package io.tenantfabric.controller.apidoc;
