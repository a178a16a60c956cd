package io.tenantfabric.controller.cabling;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.model.topology.SwitchName;
import java.util.List;

/**
 * Body of {@code POST /api/v1/fabric/cabling/check}: optional; {@code switches} limits the scope.
 */
@Schema(name = "CablingCheckRequest")
record CablingCheckRequest(
    @ArraySchema(
            arraySchema =
                @Schema(description = "The switches to check; left out, every managed one"),
            schema = @Schema(maxLength = 31, pattern = SwitchName.REGEX),
            minItems = 1,
            maxItems = RequestCablingCheck.MAX_SWITCHES)
        List<String> switches) {}
