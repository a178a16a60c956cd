package io.tenantfabric.controller.isolation;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.model.topology.SwitchName;
import java.util.List;

/** Body of {@code POST /api/v1/audits/isolation}: optional; {@code switches} limits the scope. */
@Schema(name = "IsolationAuditRequest")
record AuditRequest(
    @ArraySchema(
            arraySchema =
                @Schema(description = "The switches to audit; left out, every managed one"),
            schema = @Schema(maxLength = 31, pattern = SwitchName.REGEX),
            minItems = 1,
            maxItems = RequestIsolationAudit.MAX_SWITCHES)
        List<String> switches) {}
