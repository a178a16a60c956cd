package io.tenantfabric.controller.allocation;

/**
 * A response exactly as sent (and as replayed for an Idempotency-Key): status, Location and the
 * serialized JSON body, so that a retry gets the very same bytes.
 */
record Reply(int status, String location, String body, boolean replayed) {

  /** This reply as its replay: the same status, Location and bytes, marked replayed. */
  Reply asReplay() {
    return new Reply(status, location, body, true);
  }
}
