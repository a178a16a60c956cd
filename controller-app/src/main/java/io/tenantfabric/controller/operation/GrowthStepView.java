package io.tenantfabric.controller.operation;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * One step of a growth: switches onboarded first (inventory known, reachable, day-0 ready, pushed),
 * then its cables moved (each shut at the end that stays, brought up once LLDP shows the new peer
 * at both ends) and added, then its servers' GPUs join placement.
 */
@Schema(name = "GrowthStep")
public record GrowthStepView(
    @Schema(description = "1-based, in order") int number,
    @Schema(
            description =
                "ONBOARD_UPPER (new spines or super-spines), MOVE_UPLINKS (at most one uplink per"
                    + " leaf), JOIN_LEAVES (a rail group of new leaves, their cables and servers),"
                    + " ADD_CABLES; more may come",
            maxLength = 32)
        String kind,
    @ArraySchema(schema = @Schema(maxLength = 31), maxItems = 4096) List<String> switches,
    @ArraySchema(maxItems = 65536) List<CableMoveView> moves,
    @ArraySchema(maxItems = 65536) List<CableView> cables,
    @ArraySchema(schema = @Schema(maxLength = 64), maxItems = 65536) List<String> servers,
    @ArraySchema(schema = @Schema(maxLength = 80), maxItems = 524288) List<String> gpus) {

  public GrowthStepView {
    switches = List.copyOf(switches);
    moves = List.copyOf(moves);
    cables = List.copyOf(cables);
    servers = List.copyOf(servers);
    gpus = List.copyOf(gpus);
  }

  /** One end of a cable. */
  @Schema(name = "CableEndpoint")
  public record End(@Schema(maxLength = 31) String device, @Schema(maxLength = 64) String port) {

    @Override
    public String toString() {
      return device + " " + port;
    }
  }

  /** A cable to add, between two ends. */
  @Schema(name = "GrowthCable")
  public record CableView(End a, End b) {}

  /**
   * A cable re-plugged: {@code kept} stays plugged in, its far end moves from {@code from} to
   * {@code to}.
   */
  @Schema(name = "GrowthCableMove")
  public record CableMoveView(End kept, End from, End to) {}
}
