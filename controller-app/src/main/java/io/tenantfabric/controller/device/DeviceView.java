package io.tenantfabric.controller.device;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.drift.LastDrift;
import java.time.Instant;
import java.util.List;

/**
 * Body of {@code GET /api/v1/fabric/devices/{name}}: the switch as the provisioner records it
 * ({@code state} as {@code GET /api/v1/fabric} shows it), the serial number its inventory pins, its
 * last day-0 check, and every port with the GPU cabled to it, the live allocation holding that GPU
 * and what the intended config says for the port. Never credentials.
 */
@Schema(name = "Device")
record DeviceView(
    String name,
    String role,
    int pod,
    boolean drained,
    String state,
    long desiredGeneration,
    long appliedGeneration,
    boolean pending,
    @Schema(nullable = true) LastError lastError,
    @Schema(nullable = true) Instant lastVerifiedAt,
    @Schema(nullable = true) Instant unsavedSince,
    @Schema(nullable = true) Instant driftSince,
    @Schema(nullable = true) LastDrift lastDrift,
    @Schema(
            nullable = true,
            maxLength = 64,
            description = "The serial number the inventory pins; null when it pins none")
        String serialNumber,
    @Schema(nullable = true, description = "The last day-0 check; null before the first")
        Day0View day0,
    List<PortView> ports) {

  /**
   * The last day-0 check of the switch: when, whether it was ready, and each item missing with what
   * exactly (docs/model.md, "Day-0"). A switch with gaps is {@code NOT_READY} until a check finds
   * none.
   */
  @Schema(name = "DeviceDay0")
  record Day0View(Instant checkedAt, boolean ready, List<Day0GapView> gaps) {}

  /**
   * One day-0 item missing: {@code SYSNAME}, {@code LLDP}, {@code PORTS}, {@code JUMBO_FRAMES},
   * {@code L2VPN}, {@code VTEP_SOURCE}, {@code EVPN_PEERS}, {@code SERIAL_NUMBER} (more may come),
   * and what is missing in the operator's words.
   */
  @Schema(name = "Day0Gap")
  record Day0GapView(
      @Schema(
              description =
                  "SYSNAME, LLDP, PORTS, JUMBO_FRAMES, L2VPN, VTEP_SOURCE, EVPN_PEERS,"
                      + " SERIAL_NUMBER; more may come",
              allowableValues = {
                "SYSNAME",
                "LLDP",
                "PORTS",
                "JUMBO_FRAMES",
                "L2VPN",
                "VTEP_SOURCE",
                "EVPN_PEERS",
                "SERIAL_NUMBER"
              })
          String item,
      @Schema(maxLength = 2000) String detail) {}

  /** The last failure to change the switch, in the device's words where it spoke. */
  @Schema(name = "LastError")
  record LastError(Instant at, String phase, String message) {}

  /**
   * A port, its speed in Gbps and purpose ({@code GPU}, {@code FABRIC}, {@code UNUSED}); {@code
   * gpu}, {@code allocation} and {@code intended} are null when there is none (a port outside the
   * compiled config's scope has no {@code intended}).
   */
  @Schema(name = "DevicePort")
  record PortView(
      String name,
      int speedGbps,
      String purpose,
      @Schema(nullable = true) GpuView gpu,
      @Schema(nullable = true) Holder allocation,
      @Schema(nullable = true) IntendedPort intended) {}

  /** The GPU cabled to a port and its server. */
  @Schema(name = "DeviceGpu")
  record GpuView(String id, String server, boolean cordoned) {}

  /** The live allocation (PROVISIONING, ACTIVE, RELEASING) holding a port's GPU, and its tenant. */
  @Schema(name = "PortHolder")
  record Holder(String id, String tenant, String status) {}

  /** What the intended config says for a port: admin state, description, VSI binding and ACL. */
  @Schema(name = "IntendedPort")
  record IntendedPort(
      boolean adminUp,
      @Schema(nullable = true) String description,
      @Schema(nullable = true) Binding binding,
      @Schema(nullable = true) String acl) {}

  /** A port's service instance in a VSI. */
  @Schema(name = "PortBinding")
  record Binding(String vsi, int serviceInstance) {}
}
