package io.tenantfabric.controller.token;

import io.tenantfabric.controller.security.CurrentActor;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.token.ApiTokenRepository;
import jakarta.validation.Valid;
import java.net.URI;
import java.util.List;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code /api/v1/tokens} (OPERATOR only, enforced by the security filter chain). */
@RestController
@RequestMapping("/api/v1/tokens")
class TokenController {

  private final IssueToken issue;
  private final RevokeToken revoke;
  private final ApiTokenRepository tokens;
  private final Transactions tx;

  TokenController(
      IssueToken issue, RevokeToken revoke, ApiTokenRepository tokens, Transactions tx) {
    this.tx = tx;
    this.issue = issue;
    this.revoke = revoke;
    this.tokens = tokens;
  }

  @PostMapping
  ResponseEntity<IssuedToken> create(@Valid @RequestBody IssueTokenRequest request) {
    IssuedToken issued = issue.issue(request, CurrentActor.get());
    return ResponseEntity.created(URI.create("/api/v1/tokens/" + issued.id())).body(issued);
  }

  @GetMapping
  List<TokenView> list() {
    return tx.read(
        () -> tokens.findAllByOrderByCreatedAtAscIdAsc().stream().map(TokenView::of).toList());
  }

  @DeleteMapping("/{id}")
  ResponseEntity<Void> revoke(@PathVariable UUID id) {
    revoke.revoke(id);
    return ResponseEntity.noContent().build();
  }
}
