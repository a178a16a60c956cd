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
record DeviceRequest(
    @NotBlank @Size(max = 31) String name,
    @NotBlank
        @Schema(allowableValues = {"SPINE", "LEAF", "SUPER_SPINE"})
        @Pattern(regexp = "^(SPINE|LEAF|SUPER_SPINE)$")
        String role,
    @NotBlank @Size(max = 255) @Pattern(regexp = "^[A-Za-z0-9.:\\-\\[\\]]+$") String host,
    @NotNull @Min(1) @Max(65535) Integer port,
    @NotBlank @Size(max = 128) String username,
    @NotNull @Size(max = 512) String password,
    @NotBlank @Schema(maxLength = 50) @Pattern(regexp = "^SHA256:[A-Za-z0-9+/]{43}$")
        String hostKeySha256,
    @Schema(
            description =
                "The serial number the switch must report (1 to 64 visible ASCII characters);"
                    + " absent: any box is accepted",
            maxLength = 64,
            example = "210235A2DLH123000001")
        @Size(min = 1, max = 64)
        @Pattern(regexp = "^[!-~]+$")
        String serialNumber) {

  @Override
  public String toString() {
    return "DeviceRequest[name=" + name + ", role=" + role + ", host=" + host + ":" + port + "]";
  }
}
