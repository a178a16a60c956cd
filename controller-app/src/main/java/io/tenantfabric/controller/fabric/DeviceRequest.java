package io.tenantfabric.controller.fabric;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * One inventory entry, exactly as the switch emulator writes it: where the southbound reaches the
 * switch, the SHA-256 fingerprint its host key must have ({@code SHA256:<base64>}) and, optionally,
 * the serial number the box must report (checked with its day-0 configuration: another box is
 * {@code NOT_READY}, never changed).
 */
public record DeviceRequest(
    @NotBlank @Size(max = 31) String name,
    @NotBlank
        @Schema(allowableValues = {"SPINE", "LEAF", "SUPER_SPINE"})
        @Pattern(regexp = "^(SPINE|LEAF|SUPER_SPINE)$")
        String role,
    @NotBlank @Size(max = InventoryFields.HOST_MAX) @Pattern(regexp = InventoryFields.HOST_PATTERN)
        String host,
    @NotNull @Min(1) @Max(65535) Integer port,
    @NotBlank @Size(max = InventoryFields.USERNAME_MAX) String username,
    @NotNull @Size(max = InventoryFields.PASSWORD_MAX) String password,
    @NotBlank
        @Schema(maxLength = InventoryFields.HOST_KEY_MAX)
        @Pattern(regexp = InventoryFields.HOST_KEY_PATTERN)
        String hostKeySha256,
    @Schema(
            description =
                "The serial number the switch must report (1 to 64 visible ASCII characters);"
                    + " absent: any box is accepted",
            maxLength = InventoryFields.SERIAL_MAX,
            example = "210235A2DLH123000001")
        @Size(min = 1, max = InventoryFields.SERIAL_MAX)
        @Pattern(regexp = InventoryFields.SERIAL_PATTERN)
        String serialNumber) {

  @Override
  public String toString() {
    return "DeviceRequest[name=" + name + ", role=" + role + ", host=" + host + ":" + port + "]";
  }
}
