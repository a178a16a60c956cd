package io.tenantfabric.controller.idempotency;

import java.net.URI;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * A response exactly as sent (and as replayed for an Idempotency-Key): status, Location and the
 * serialized JSON body ({@code null}: none, as for a 204), so that a retry gets the very same
 * bytes.
 */
public record Reply(int status, String location, String body, boolean replayed) {

  /** Marks an answer replayed for an Idempotency-Key. */
  public static final String REPLAYED = "Idempotent-Replayed";

  /** This reply as its replay: the same status, Location and bytes, marked replayed. */
  public Reply asReplay() {
    return new Reply(status, location, body, true);
  }

  /** The HTTP response: JSON when it has a body, {@code Idempotent-Replayed: true} on a replay. */
  public ResponseEntity<String> toResponse() {
    ResponseEntity.BodyBuilder response = ResponseEntity.status(status);
    if (location != null) {
      response.location(URI.create(location));
    }
    if (replayed) {
      response.header(REPLAYED, "true");
    }
    if (body == null) {
      return response.build();
    }
    return response.contentType(MediaType.APPLICATION_JSON).body(body);
  }
}
