package io.tenantfabric.controller.security;

import java.util.Optional;
import java.util.UUID;

/**
 * What a presented bearer secret turned out to be: an {@link Actor}, or a refusal with the reason
 * and, when the secret matched a stored token, that token's id (for the log; never the secret).
 */
record TokenVerdict(Optional<Actor> actor, Optional<UUID> tokenId, String refusal) {

  static TokenVerdict accepted(Actor actor) {
    return new TokenVerdict(Optional.of(actor), Optional.of(actor.tokenId()), null);
  }

  static TokenVerdict refused(UUID tokenId, String reason) {
    return new TokenVerdict(Optional.empty(), Optional.ofNullable(tokenId), reason);
  }

  boolean isAccepted() {
    return actor.isPresent();
  }
}
