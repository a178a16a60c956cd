package io.tenantfabric.controller.security;

import java.util.Optional;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/** The actor of the current request, read from Spring Security's context. */
public final class CurrentActor {

  private CurrentActor() {}

  /**
   * The authenticated actor of this request.
   *
   * @throws IllegalStateException when the request is not authenticated by a bearer token
   */
  public static Actor get() {
    return find()
        .orElseThrow(
            () -> new IllegalStateException("no authenticated actor in this request's context"));
  }

  /** The authenticated actor, or empty outside an authenticated request. */
  public static Optional<Actor> find() {
    Authentication auth = SecurityContextHolder.getContext().getAuthentication();
    if (auth != null && auth.getPrincipal() instanceof Actor actor) {
      return Optional.of(actor);
    }
    return Optional.empty();
  }
}
