package io.tenantfabric.controller.audit;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The answer to a receipt check of event {@code id} against the {@code hash} the caller kept:
 * whether the event still has that hash (stored and recomputed from its content), whether the chain
 * from it to the head read at the start of the check verifies, the first event where it breaks
 * (null when intact) and how many events were checked.
 */
@Schema(name = "Receipt")
record Receipt(
    long id,
    String hash,
    boolean matches,
    boolean chainIntact,
    long headId,
    String headHash,
    @Schema(nullable = true) Long brokenAt,
    long checkedEvents) {}
