package io.tenantfabric.controller.token;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.apidoc.Refuses;
import io.tenantfabric.controller.apidoc.UuidPath;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.CurrentActor;
import io.tenantfabric.controller.security.Role;
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
@Tag(name = "tokens")
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
  @Operation(
      operationId = "issueToken",
      summary = "Issue an API token",
      description =
          "Issues a token of a role (a TENANT token for one tenant). The secret is in this"
              + " answer only; the service keeps its hash.")
  @ApiResponse(
      responseCode = "201",
      description = "Issued",
      headers =
          @Header(
              name = "Location",
              description = "The token's URL",
              schema = @Schema(type = "string")),
      content = @Content(schema = @Schema(implementation = IssuedToken.class)))
  @Access(Role.OPERATOR)
  @Refuses(Refusal.Reason.UNPROCESSABLE)
  ResponseEntity<IssuedToken> create(@Valid @RequestBody IssueTokenRequest request) {
    IssuedToken issued = issue.issue(request, CurrentActor.get());
    return ResponseEntity.created(URI.create("/api/v1/tokens/" + issued.id())).body(issued);
  }

  @GetMapping
  @Operation(
      operationId = "listTokens",
      summary = "List API tokens",
      description = "Every token, oldest first, revoked ones too; never a secret.")
  @ApiResponse(responseCode = "200", description = "The tokens")
  @Access(Role.OPERATOR)
  List<TokenView> list() {
    return tx.read(
        () -> tokens.findAllByOrderByCreatedAtAscIdAsc().stream().map(TokenView::of).toList());
  }

  @DeleteMapping("/{id}")
  @Operation(
      operationId = "revokeToken",
      summary = "Revoke an API token",
      description = "The token stops authenticating at once.")
  @ApiResponse(responseCode = "204", description = "Revoked")
  @Access(Role.OPERATOR)
  @Refuses(Refusal.Reason.NOT_FOUND)
  ResponseEntity<Void> revoke(@UuidPath @PathVariable UUID id) {
    revoke.revoke(id);
    return ResponseEntity.noContent().build();
  }
}
