package io.tenantfabric.controller.audit;

import static io.tenantfabric.db.audit.AuditEventFilters.action;
import static io.tenantfabric.db.audit.AuditEventFilters.since;
import static io.tenantfabric.db.audit.AuditEventFilters.tenant;

import io.tenantfabric.db.audit.AuditEventEntity;
import io.tenantfabric.db.audit.AuditEventRepository;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import java.time.Instant;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

/** {@code GET /api/v1/audits/events} (filtered, paged) and {@code /verify} (AUDITOR, OPERATOR). */
@RestController
@Validated
@RequestMapping("/api/v1/audits/events")
class AuditEventsController {

  private final AuditEventRepository events;
  private final VerifyAuditChain verify;
  private final JsonMapper json;

  AuditEventsController(AuditEventRepository events, VerifyAuditChain verify, JsonMapper json) {
    this.events = events;
    this.verify = verify;
    this.json = json;
  }

  @GetMapping
  @Transactional(readOnly = true)
  AuditEventPage list(
      @RequestParam(required = false) @Pattern(regexp = "[a-z0-9-]{1,64}") String tenant,
      @RequestParam(required = false) @Pattern(regexp = "[a-z0-9._-]{1,64}") String action,
      @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE_TIME)
          Instant since,
      @RequestParam(defaultValue = "0") @Min(0) @Max(100_000) int page,
      @RequestParam(defaultValue = "50") @Min(1) @Max(500) int size) {
    Page<AuditEventEntity> result =
        events.findAll(
            tenant(tenant).and(action(action)).and(since(since)),
            PageRequest.of(page, size, Sort.by(Sort.Direction.DESC, "id")));
    return new AuditEventPage(
        result.map(e -> AuditEventView.of(e, json.readTree(e.getDetails()))).getContent(),
        page,
        size,
        result.getTotalElements(),
        result.getTotalPages());
  }

  @GetMapping("/verify")
  ChainVerification verify() {
    return verify.verify();
  }
}
