package io.tenantfabric.controller.device;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Body of {@code GET /api/v1/fabric/devices/{name}/config}: one switch's vendor-neutral config as
 * {@code DeviceConfigJson} writes it (the form {@code switch_configs} stores), from {@code source};
 * {@code generation} for {@code intended} (the desired one) and {@code cached} (the verified one),
 * {@code verifiedAt} and {@code valid} for {@code cached}, the parser's {@code anomalies} for
 * {@code running}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(name = "DeviceConfig")
record DeviceConfigView(
    String device,
    String source,
    @Schema(nullable = true) Long generation,
    @Schema(nullable = true) Instant verifiedAt,
    @Schema(nullable = true) Boolean valid,
    @Schema(
            nullable = true,
            type = "object",
            description = "The configuration as the model reads it (free-form)")
        JsonNode config,
    @Schema(nullable = true) List<String> anomalies) {}
