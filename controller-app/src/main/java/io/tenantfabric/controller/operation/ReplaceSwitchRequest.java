package io.tenantfabric.controller.operation;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.fabric.InventoryFields;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code POST /api/v1/fabric/devices/{name}/replace}: the new switch's inventory entry,
 * validated as the devices of {@code PUT /api/v1/fabric} are, and the serial number it must report.
 */
@Schema(
    name = "ReplaceSwitchRequest",
    description = "The switch that replaces the named one: where it is reached and who it must be")
record ReplaceSwitchRequest(
    @NotBlank @Size(max = InventoryFields.HOST_MAX) @Pattern(regexp = InventoryFields.HOST_PATTERN)
        String host,
    @NotNull @Min(1) @Max(65535) Integer port,
    @NotBlank @Size(max = InventoryFields.USERNAME_MAX) String username,
    @NotNull @Size(max = InventoryFields.PASSWORD_MAX) String password,
    @NotBlank
        @Schema(
            maxLength = InventoryFields.HOST_KEY_MAX,
            description = "The new switch's host key fingerprint, checked on the switch itself")
        @Pattern(regexp = InventoryFields.HOST_KEY_PATTERN)
        String hostKeySha256,
    @NotBlank
        @Size(min = 1, max = InventoryFields.SERIAL_MAX)
        @Pattern(regexp = InventoryFields.SERIAL_PATTERN)
        @Schema(description = "The serial number the new switch must report")
        String serialNumber) {

  /** What the operation stores and shows: everything but the password. */
  ReplaceTarget target() {
    return new ReplaceTarget(host, port, username, hostKeySha256, serialNumber);
  }

  @Override
  public String toString() {
    return "ReplaceSwitchRequest[host="
        + host
        + ":"
        + port
        + ", serialNumber="
        + serialNumber
        + "]";
  }
}
