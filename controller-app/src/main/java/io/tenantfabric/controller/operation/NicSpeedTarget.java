package io.tenantfabric.controller.operation;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * What a NIC speed change asked for, as it is stored and shown: the server, the speed its GPUs move
 * to, the leaf ports that are split or joined for it and the GPUs it keeps out of placement
 * meanwhile. Stored once when the change is accepted, so a resumed run needs no other input.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(
    name = "NicSpeedTarget",
    description = "The server a NIC speed change moves, its new speed and the ports it re-splits")
public record NicSpeedTarget(
    @Schema(maxLength = 64) String server,
    @Schema(allowableValues = {"200", "400"}) int speedGbps,
    @ArraySchema(maxItems = 64) List<LeafPort> ports,
    @ArraySchema(maxItems = 64, schema = @Schema(maxLength = 64)) List<String> gpus) {

  public NicSpeedTarget {
    ports = List.copyOf(ports);
    gpus = List.copyOf(gpus);
  }

  /** A leaf downlink by number: FourHundredGigE1/0/N at 400G, TwoHundredGigE1/0/N:1 at 200G. */
  @Schema(name = "NicSpeedPort", description = "A leaf downlink of the server, by number")
  public record LeafPort(
      @Schema(maxLength = 31) String leaf, @Schema(minimum = "1", maximum = "999") int port) {}
}
