package io.tenantfabric.controller.audit;

import static io.tenantfabric.db.audit.AuditEventFilters.action;
import static io.tenantfabric.db.audit.AuditEventFilters.afterId;
import static io.tenantfabric.db.audit.AuditEventFilters.since;
import static io.tenantfabric.db.audit.AuditEventFilters.tenant;
import static io.tenantfabric.db.audit.AuditEventFilters.tenantId;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.audit.AuditEventEntity;
import io.tenantfabric.db.audit.AuditEventRepository;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import java.time.Instant;
import java.util.List;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.data.jpa.domain.Specification;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code GET /api/v1/audits/events} (filtered; keyset pages with {@code afterId} and {@code limit},
 * or the deprecated {@code page}/{@code size}) and {@code /verify} (AUDITOR, OPERATOR).
 */
@RestController
@Validated
@RequestMapping("/api/v1/audits/events")
class AuditEventsController {

  /** The deepest offset {@code page}/{@code size} may reach: keyset paging has no such limit. */
  static final int MAX_OFFSET = 10_000;

  private final AuditEventRepository events;
  private final VerifyAuditChain verify;
  private final JsonMapper json;
  private final Transactions tx;

  AuditEventsController(
      AuditEventRepository events, VerifyAuditChain verify, JsonMapper json, Transactions tx) {
    this.events = events;
    this.verify = verify;
    this.json = json;
    this.tx = tx;
  }

  @GetMapping
  Object list(
      @RequestParam(required = false) @Pattern(regexp = "[a-z0-9-]{1,64}") String tenant,
      @RequestParam(required = false) @Min(1) Long tenantId,
      @RequestParam(required = false) @Pattern(regexp = "[a-z0-9._-]{1,64}") String action,
      @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE_TIME)
          Instant since,
      @RequestParam(required = false) @Min(0) Long afterId,
      @RequestParam(required = false) @Min(1) @Max(500) Integer limit,
      @RequestParam(required = false) @Min(0) @Max(MAX_OFFSET) Integer page,
      @RequestParam(required = false) @Min(1) @Max(500) Integer size) {
    Specification<AuditEventEntity> filter =
        tenant(tenant).and(tenantId(tenantId)).and(action(action)).and(since(since));
    boolean keyset = afterId != null || limit != null;
    if (keyset && (page != null || size != null)) {
      throw Refusal.invalid(
              "Invalid request", "Use either afterId/limit or the deprecated page/size, not both.")
          .field(page != null ? "page" : "size");
    }
    if (keyset) {
      return slice(filter, afterId == null ? 0 : afterId, limit == null ? 100 : limit);
    }
    return page(filter, page == null ? 0 : page, size == null ? 50 : size);
  }

  @GetMapping("/verify")
  ChainVerification verify(@RequestParam(defaultValue = "false") boolean full) {
    return verify.verify(full);
  }

  private AuditEventSlice slice(Specification<AuditEventEntity> filter, long after, int limit) {
    List<AuditEventView> items =
        tx.read(
            () ->
                events
                    .findBy(
                        filter.and(afterId(after)),
                        q -> q.sortBy(Sort.by(Sort.Direction.ASC, "id")).limit(limit).all())
                    .stream()
                    .map(this::view)
                    .toList());
    Long next = items.size() < limit ? null : items.get(items.size() - 1).id();
    return new AuditEventSlice(items, after, limit, next);
  }

  // deprecated: newest first, OFFSET paging with a count per page; capped at MAX_OFFSET rows deep
  private AuditEventPage page(Specification<AuditEventEntity> filter, int page, int size) {
    if ((long) page * size > MAX_OFFSET) {
      throw Refusal.invalid(
              "Page too deep",
              "page x size may reach at most "
                  + MAX_OFFSET
                  + " events deep; use afterId and limit to read further.")
          .field("page");
    }
    return tx.read(
        () -> {
          Page<AuditEventEntity> result =
              events.findAll(
                  filter, PageRequest.of(page, size, Sort.by(Sort.Direction.DESC, "id")));
          return new AuditEventPage(
              result.map(this::view).getContent(),
              page,
              size,
              result.getTotalElements(),
              result.getTotalPages());
        });
  }

  private AuditEventView view(AuditEventEntity e) {
    return AuditEventView.of(e, json.readTree(e.getDetails()));
  }
}
