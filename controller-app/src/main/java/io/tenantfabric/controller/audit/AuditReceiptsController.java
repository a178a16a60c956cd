package io.tenantfabric.controller.audit;

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
class AuditReceiptsController {

  private final ReadChainHead head;
  private final CheckReceipt receipt;

  AuditReceiptsController(ReadChainHead head, CheckReceipt receipt) {
    this.head = head;
    this.receipt = receipt;
  }

  @GetMapping("/head")
  ChainHead head() {
    return head.read();
  }

  // optional text checked here: a junk or absent parameter is a 400 naming it (Spring's
  // missing-parameter problem carries no field)
  @GetMapping("/receipt")
  Receipt receipt(
      @RequestParam(required = false) String id, @RequestParam(required = false) String hash) {
    return receipt.check(QueryParameters.positiveLong(id, "id"), AuditHash.parameter(hash, "hash"));
  }
}
