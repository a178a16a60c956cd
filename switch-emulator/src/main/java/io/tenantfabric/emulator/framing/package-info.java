/**
 * RFC 6242 message framing (end-of-message 1.0 and chunked 1.1), written for the emulator alone.
 */
package io.tenantfabric.emulator.framing;
