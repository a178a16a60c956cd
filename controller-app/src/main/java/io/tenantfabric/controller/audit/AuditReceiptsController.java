package io.tenantfabric.controller.audit;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.apidoc.Refuses;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.web.QueryParameters;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/audits/events/head} and {@code /receipt?id=&hash=} (OPERATOR, AUDITOR, and
 * TENANT for its own tenant's events): the head to publish outside the database, and the check of a
 * kept id and hash against the chain as it is now.
 */
@RestController
@RequestMapping("/api/v1/audits/events")
@Tag(name = "audits")
class AuditReceiptsController {

  private final ReadChainHead head;
  private final CheckReceipt receipt;

  AuditReceiptsController(ReadChainHead head, CheckReceipt receipt) {
    this.head = head;
    this.receipt = receipt;
  }

  @GetMapping("/head")
  @Operation(
      operationId = "getAuditChainHead",
      summary = "Read the audit chain's head",
      description = "The newest event's id, hash and time: what a receipt check ends at.")
  @ApiResponse(responseCode = "200", description = "The head")
  @Access({Role.OPERATOR, Role.AUDITOR, Role.TENANT})
  @Refuses(Refusal.Reason.NOT_FOUND)
  ChainHead head() {
    return head.read();
  }

  // optional text checked here: a junk or absent parameter is a 400 naming it (Spring's
  // missing-parameter problem carries no field)
  @GetMapping("/receipt")
  @Operation(
      operationId = "checkAuditReceipt",
      summary = "Check a receipt",
      description =
          "Checks that the event `id` has the hash `hash` and that the chain from the nearest"
              + " trusted checkpoint through it to the head is intact (docs/audit-receipts.md says"
              + " what that proves). Checks at once are bounded overall and per caller (429).")
  @ApiResponse(responseCode = "200", description = "The check's result")
  @Access(
      value = {Role.OPERATOR, Role.AUDITOR, Role.TENANT},
      tenantScope = "A TENANT token checks events of its own tenant; another's answers 404.")
  @Refuses({Refusal.Reason.NOT_FOUND, Refusal.Reason.TOO_MANY})
  Receipt receipt(
      @Parameter(
              required = true,
              description = "The event's id",
              schema =
                  @Schema(
                      type = "integer",
                      format = "int64",
                      minimum = "1",
                      maximum = "9223372036854775807"))
          @RequestParam(required = false)
          String id,
      @Parameter(
              required = true,
              description = "The hash the receipt holds: 64 lowercase hex digits",
              schema = @Schema(type = "string", maxLength = 64, pattern = "^[0-9a-f]{64}$"))
          @RequestParam(required = false)
          String hash) {
    return receipt.check(QueryParameters.positiveLong(id, "id"), AuditHash.parameter(hash, "hash"));
  }
}
