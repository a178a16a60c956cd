package io.tenantfabric.controller.audit;

import static io.tenantfabric.db.audit.AuditEventFilters.action;
import static io.tenantfabric.db.audit.AuditEventFilters.afterId;
import static io.tenantfabric.db.audit.AuditEventFilters.since;
import static io.tenantfabric.db.audit.AuditEventFilters.tenant;
import static io.tenantfabric.db.audit.AuditEventFilters.tenantId;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.DiscriminatorMapping;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Role;
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
@Tag(name = "audits")
class AuditEventsController {

  /** The deepest offset {@code page}/{@code size} may reach: keyset paging has no such limit. */
  static final int MAX_OFFSET = 10_000;

  /** The most events a slice or a page holds. */
  static final int MAX_LIMIT = 500;

  private static final String TENANT_FILTER = "^[a-z0-9-]{1,64}$";
  private static final String ACTION_FILTER = "^[a-z0-9._-]{1,64}$";

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
  @Operation(
      operationId = "listAuditEvents",
      summary = "Read the audit trail",
      description =
          "Events oldest first after `afterId`, at most `limit` of them, with the `nextAfterId` to"
              + " read on from (a slice); or, deprecated, newest first by `page` and `size` (a"
              + " page, at most 10,000 events deep). Filters: tenant (by name or id), action,"
              + " since.")
  @ApiResponse(
      responseCode = "200",
      description = "A slice (afterId/limit, or no paging parameter) or a page (page/size)",
      content =
          @Content(
              schema =
                  @Schema(
                      oneOf = {AuditEventSlice.class, AuditEventPage.class},
                      discriminatorProperty = "kind",
                      discriminatorMapping = {
                        @DiscriminatorMapping(
                            value = AuditEventSlice.KIND,
                            schema = AuditEventSlice.class),
                        @DiscriminatorMapping(
                            value = AuditEventPage.KIND,
                            schema = AuditEventPage.class)
                      })))
  @Access({Role.OPERATOR, Role.AUDITOR})
  Object list(
      @Parameter(
              description = "A tenant's name",
              schema = @Schema(pattern = TENANT_FILTER, maxLength = 64))
          @RequestParam(required = false)
          @Pattern(regexp = TENANT_FILTER)
          String tenant,
      @Parameter(
              description = "A tenant's id (names may be reused; ids are not)",
              schema =
                  @Schema(
                      type = "integer",
                      format = "int64",
                      minimum = "1",
                      maximum = "9223372036854775807"))
          @RequestParam(required = false)
          @Min(1)
          Long tenantId,
      @Parameter(
              description = "An action, like allocation.create",
              schema = @Schema(pattern = ACTION_FILTER, maxLength = 64))
          @RequestParam(required = false)
          @Pattern(regexp = ACTION_FILTER)
          String action,
      @Parameter(
              description = "Events at or after this instant (ISO-8601)",
              schema = @Schema(type = "string", format = "date-time", maxLength = 40))
          @RequestParam(required = false)
          @DateTimeFormat(iso = DateTimeFormat.ISO.DATE_TIME)
          Instant since,
      @Parameter(
              description = "Read events after this id (a slice)",
              schema =
                  @Schema(
                      type = "integer",
                      format = "int64",
                      minimum = "0",
                      maximum = "9223372036854775807"))
          @RequestParam(required = false)
          @Min(0)
          Long afterId,
      @Parameter(description = "At most this many events (a slice; default 100)")
          @RequestParam(required = false)
          @Min(1)
          @Max(MAX_LIMIT)
          Integer limit,
      @Parameter(description = "Deprecated: the page, newest first", deprecated = true)
          @RequestParam(required = false)
          @Min(0)
          @Max(MAX_OFFSET)
          Integer page,
      @Parameter(description = "Deprecated: events per page (default 50)", deprecated = true)
          @RequestParam(required = false)
          @Min(1)
          @Max(MAX_LIMIT)
          Integer size) {
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
  @Operation(
      operationId = "verifyAuditChain",
      summary = "Verify the audit chain",
      description =
          "Recomputes the chain's hashes from the newest trusted checkpoint to the head, or with"
              + " `full=true` from the first event, and names the first event that does not"
              + " match.")
  @ApiResponse(responseCode = "200", description = "The verification's result")
  @Access({Role.OPERATOR, Role.AUDITOR})
  ChainVerification verify(
      @Parameter(description = "From the first event instead of the newest checkpoint")
          @RequestParam(defaultValue = "false")
          boolean full) {
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
