package io.tenantfabric.controller.operation;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.fabric.InventoryFields;

/**
 * What a replace asked for, as it is stored and shown (the password stays on the switch's inventory
 * row and appears nowhere else): where the southbound reaches the new switch, as whom, the host key
 * it must show and the serial number it must report.
 */
@JsonIgnoreProperties(ignoreUnknown = true) // only these are ever shown, whatever is stored
@Schema(
    name = "ReplaceTarget",
    description = "The switch a replace asked for: where it is reached and who it must be")
record ReplaceTarget(
    @Schema(maxLength = InventoryFields.HOST_MAX, pattern = InventoryFields.HOST_PATTERN)
        String host,
    @Schema(minimum = "1", maximum = "65535") int port,
    @Schema(maxLength = InventoryFields.USERNAME_MAX) String username,
    @Schema(maxLength = InventoryFields.HOST_KEY_MAX, pattern = InventoryFields.HOST_KEY_PATTERN)
        String hostKeySha256,
    @Schema(maxLength = InventoryFields.SERIAL_MAX, pattern = InventoryFields.SERIAL_PATTERN)
        String serialNumber) {}
