package io.tenantfabric.emulator.lldp;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LldpAgentTest {
  static final Instant BOOT = Instant.parse("2025-01-01T00:00:00Z");
  static final Advertisement SPINE = new Advertisement("spine-01", "0211-2233-4455", "400GE1/0/1");
  static final Advertisement NIC = new Advertisement("gpu-node-001", "0611-2233-4455", "mlx5_0");
  static final Map<String, String> PORTS = new LinkedHashMap<>();

  static {
    PORTS.put("FourHundredGigE1/0/1", "1");
    PORTS.put("FourHundredGigE1/0/33", "33");
  }

  static Instant at(long seconds) {
    return BOOT.plusSeconds(seconds);
  }

  @Test
  void aNeighbourCountsFromItsCableNotBeforeTheAgentStarted() {
    LldpAgent agent = new LldpAgent(BOOT);
    List<Neighbour> n =
        agent.neighbours(
            true,
            PORTS,
            Map.of(
                "FourHundredGigE1/0/1", new PortLink(at(-50), NIC),
                "FourHundredGigE1/0/33", new PortLink(at(20), SPINE)),
            at(100));
    assertThat(n)
        .containsExactly(
            new Neighbour("1", "FourHundredGigE1/0/1", 100, NIC),
            new Neighbour("33", "FourHundredGigE1/0/33", 80, SPINE));
  }

  @Test
  void aSilentFarEndOrLldpOffGivesNoRowAndItsReturnStartsANewCount() {
    LldpAgent agent = new LldpAgent(BOOT);
    Map<String, PortLink> talking = Map.of("FourHundredGigE1/0/1", new PortLink(BOOT, NIC));
    Map<String, PortLink> silent = Map.of("FourHundredGigE1/0/1", new PortLink(BOOT, null));
    assertThat(agent.neighbours(true, PORTS, talking, at(10))).hasSize(1);
    assertThat(agent.neighbours(true, PORTS, silent, at(20))).isEmpty();
    assertThat(agent.neighbours(true, PORTS, talking, at(30)))
        .extracting(Neighbour::timeMark)
        .containsExactly(0L);
    assertThat(agent.neighbours(false, PORTS, talking, at(40))).isEmpty();
    assertThat(agent.neighbours(true, PORTS, talking, at(45)))
        .extracting(Neighbour::timeMark)
        .containsExactly(0L);
  }

  @Test
  void aChangedAdvertisementStartsANewCountAndARecabledPortCountsFromItsCable() {
    LldpAgent agent = new LldpAgent(BOOT);
    agent.neighbours(
        true, PORTS, Map.of("FourHundredGigE1/0/33", new PortLink(BOOT, SPINE)), at(10));
    Advertisement renamed = new Advertisement("H3C", SPINE.chassisId(), SPINE.portId());
    assertThat(
            agent.neighbours(
                true, PORTS, Map.of("FourHundredGigE1/0/33", new PortLink(BOOT, renamed)), at(60)))
        .extracting(Neighbour::timeMark)
        .containsExactly(0L);
    assertThat(
            agent.neighbours(
                true, PORTS, Map.of("FourHundredGigE1/0/33", new PortLink(BOOT, renamed)), at(90)))
        .extracting(Neighbour::timeMark)
        .containsExactly(30L);
    assertThat(
            agent.neighbours(
                true, PORTS, Map.of("FourHundredGigE1/0/33", new PortLink(at(80), SPINE)), at(90)))
        .extracting(Neighbour::timeMark)
        .containsExactly(10L);
  }

  @Test
  void aRestartForgetsEveryNeighbour() {
    LldpAgent agent = new LldpAgent(BOOT);
    Map<String, PortLink> links = Map.of("FourHundredGigE1/0/1", new PortLink(BOOT, NIC));
    agent.neighbours(true, PORTS, links, at(100));
    agent.restart(at(200));
    assertThat(agent.neighbours(true, PORTS, links, at(230)))
        .extracting(Neighbour::timeMark)
        .containsExactly(30L);
  }

  @Test
  void aCableOnAPortTheSwitchDoesNotHaveIsNoNeighbour() {
    LldpAgent agent = new LldpAgent(BOOT);
    assertThat(
            agent.neighbours(
                true, PORTS, Map.of("TwoHundredGigE1/0/1:1", new PortLink(BOOT, NIC)), at(1)))
        .isEmpty();
  }
}
