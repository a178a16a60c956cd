/**
 * The server-sent event stream ({@code GET /api/v1/events}): rows the database's triggers append to
 * {@code events}, read by one hub per instance and fanned out to each stream as its token may see
 * them, resumable across instances with an opaque cursor.
 */
package io.tenantfabric.controller.event;
