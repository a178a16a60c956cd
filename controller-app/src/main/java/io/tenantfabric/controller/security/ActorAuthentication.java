package io.tenantfabric.controller.security;

import java.util.List;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/** An authenticated bearer token: the principal is the {@link Actor}, never the secret. */
final class ActorAuthentication extends AbstractAuthenticationToken {

  private static final long serialVersionUID = 1L;

  private final Actor actor;

  ActorAuthentication(Actor actor) {
    super(List.of(new SimpleGrantedAuthority(actor.role().authority())));
    this.actor = actor;
    setAuthenticated(true);
  }

  @Override
  public Object getCredentials() {
    // the secret is not kept after authentication
    return "";
  }

  @Override
  public Actor getPrincipal() {
    return actor;
  }

  @Override
  public String getName() {
    return actor.tokenId().toString();
  }
}
