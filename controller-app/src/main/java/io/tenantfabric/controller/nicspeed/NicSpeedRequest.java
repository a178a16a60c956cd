package io.tenantfabric.controller.nicspeed;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotNull;

/** The body of {@code POST /api/v1/fabric/servers/{server}/nic-speed}: the speed to move to. */
@Schema(name = "NicSpeedRequest", description = "The NIC speed a server's GPUs move to")
record NicSpeedRequest(
    @NotNull
        @Schema(
            requiredMode = Schema.RequiredMode.REQUIRED,
            description = "200 (each GPU on a 200G half of a split leaf port) or 400",
            minimum = "200",
            maximum = "400",
            allowableValues = {"200", "400"})
        Integer speedGbps) {}
