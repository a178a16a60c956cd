package io.tenantfabric.emulator;

import io.tenantfabric.emulator.cabling.Cable;
import io.tenantfabric.emulator.cabling.CablePlant;
import io.tenantfabric.emulator.cabling.Server;
import io.tenantfabric.emulator.device.EmulatorRuntime;
import io.tenantfabric.emulator.device.Identity;
import io.tenantfabric.emulator.device.Surroundings;
import io.tenantfabric.emulator.device.SwitchDevice;
import io.tenantfabric.emulator.identity.MacAddresses;
import io.tenantfabric.emulator.lldp.Advertisement;
import io.tenantfabric.emulator.lldp.PortLink;
import io.tenantfabric.emulator.netconf.SshTransport;
import io.tenantfabric.emulator.topology.FabricLayouts;
import io.tenantfabric.emulator.topology.FabricPlan;
import io.tenantfabric.emulator.topology.SwitchLayout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A fabric of emulated switches in this JVM, one SSH/NETCONF server each, sharing one set of
 * threads, cabled as the preset plans (leaf-spine links, GPU server NICs on leaf ports); {@link
 * #close()} stops them all.
 */
public final class EmulatedFabric implements AutoCloseable {
  private final EmulatorOptions options;
  private final EmulatorRuntime runtime;
  private final Map<String, SwitchDevice> devices;
  private final CablePlant plant;
  private final Identities identities;

  private EmulatedFabric(
      EmulatorOptions options,
      EmulatorRuntime runtime,
      Map<String, SwitchDevice> devices,
      CablePlant plant,
      Identities identities) {
    this.options = options;
    this.runtime = runtime;
    this.devices = devices;
    this.plant = plant;
    this.identities = identities;
  }

  /** Starts every switch of the preset, with its day-0 configuration; returns once all listen. */
  public static EmulatedFabric start(EmulatorOptions o) {
    FabricPlan plan = FabricLayouts.plan(o.preset(), o.leavesOnly());
    EmulatorRuntime runtime = new EmulatorRuntime();
    List<String> names = new ArrayList<>();
    for (SwitchLayout l : plan.switches()) {
      names.add(l.name());
    }
    CablePlant plant = new CablePlant(names, plan.servers(), plan.cables(), runtime.clock());
    // Written once below, then only read (devices look each other up through it).
    Map<String, SwitchDevice> devices = Collections.synchronizedMap(new LinkedHashMap<>());
    EmulatedFabric fabric =
        new EmulatedFabric(o, runtime, devices, plant, new Identities(o.hostKeyDir()));
    try {
      int n = 0;
      for (SwitchLayout l : plan.switches()) {
        n++;
        String host = o.loopbackIps() ? loopbackAddress(n) : o.bind();
        int port = o.loopbackIps() ? 830 : o.basePort() == 0 ? 0 : o.basePort() + n - 1;
        SwitchDevice d =
            new SwitchDevice(
                l,
                host,
                port,
                o.profile(),
                o.advertiseBase11(),
                fabric.identities.first(l.name()),
                o.maxSessions(),
                runtime,
                fabric.surroundings(),
                dev -> new SshTransport(dev, runtime, o.username(), o.password(), o.maxSessions()));
        d.baseDelayMs(o.delayMs());
        devices.put(l.name(), d);
        d.start();
      }
      return fabric;
    } catch (RuntimeException e) {
      fabric.close();
      throw e;
    }
  }

  /**
   * Switch N (1-based, listening order) on {@code --bind-mode loopback-ips}: 127.0.1.N, continuing
   * in 127.0.2.x after 254 switches.
   */
  static String loopbackAddress(int n) {
    return "127.0." + (1 + (n - 1) / 254) + "." + ((n - 1) % 254 + 1);
  }

  public EmulatorOptions options() {
    return options;
  }

  /** Every switch, in listening order (super-spines, spines, leaves). */
  public List<EmulatedDevice> devices() {
    synchronized (devices) {
      return Collections.unmodifiableList(new ArrayList<>(devices.values()));
    }
  }

  /** The switch named {@code name}; throws NoSuchElementException when there is none. */
  public EmulatedDevice device(String name) {
    SwitchDevice d = devices.get(name);
    if (d == null) {
      throw new NoSuchElementException("no emulated switch named " + name);
    }
    return d;
  }

  // ---------------------------------------------------------------- cables and servers

  /**
   * Connects {@code port} of switch {@code device} to {@code peer} (a switch port or a server NIC),
   * first pulling whatever cable either end held (their former far ends are left without one), or
   * with a null {@code peer} pulls the port's cable, taking both ends down. Throws
   * NoSuchElementException for a switch, port, server or NIC the fabric lacks, and
   * IllegalArgumentException for a cable from a port to itself.
   */
  public void cable(String device, String port, CableEnd peer) {
    cable(List.of(new CableChange(device, port, peer)));
  }

  /**
   * Applies {@code changes} in order, or none of them when any is invalid (the exceptions of {@link
   * #cable(String, String, CableEnd)}).
   */
  public void cable(List<CableChange> changes) {
    plant.apply(changes);
  }

  /** The far end of the cable in {@code device}'s {@code port}, if it holds one. */
  public Optional<CableEnd> cableAt(String device, String port) {
    CableEnd end = CableEnd.port(device, port);
    return plant.cableAt(end).map(c -> c.far(end));
  }

  /** The far end the preset's plan gives {@code device}'s {@code port}, if it plans one. */
  public Optional<CableEnd> plannedCableAt(String device, String port) {
    return plant.planned(CableEnd.port(device, port));
  }

  /**
   * Silences ({@code false}) or restores the LLDP agents of every NIC of {@code server}: its leaves
   * then see no neighbour, or the NIC again, on its ports. NoSuchElementException for an unknown
   * server.
   */
  public void serverLldp(String server, boolean enabled) {
    plant.serverLldp(server, enabled);
  }

  /** The names of the fabric's GPU servers, in name order ({@code emulator-mini} has none). */
  public List<String> servers() {
    List<String> out = new ArrayList<>();
    for (Server s : plant.servers()) {
      out.add(s.name());
    }
    return out;
  }

  /** The cable plant, for the control API. */
  public CablePlant cables() {
    return plant;
  }

  /**
   * What each switch's cabled ports hear: a switch peer's advertisement (asked of that switch,
   * under its own monitor only) or a server NIC's, unless its server is silenced.
   */
  private Surroundings surroundings() {
    return new Surroundings() {
      @Override
      public Map<String, PortLink> links(String device, boolean listen) {
        Map<String, PortLink> out = new HashMap<>();
        for (Map.Entry<String, Cable> e : plant.cablesOf(device).entrySet()) {
          CableEnd far = e.getValue().far(CableEnd.port(device, e.getKey()));
          out.put(e.getKey(), new PortLink(e.getValue().since(), listen ? heard(far) : null));
        }
        return out;
      }

      @Override
      public Identity renew(String device, int wipes) {
        return identities.renew(device, wipes);
      }
    };
  }

  private Advertisement heard(CableEnd far) {
    if (far instanceof CableEnd.SwitchPort p) {
      SwitchDevice peer = devices.get(p.device());
      return peer == null ? null : peer.advertisement(p.port()).orElse(null);
    }
    CableEnd.ServerNic n = (CableEnd.ServerNic) far;
    if (!plant.server(n.server()).lldp()) {
      return null;
    }
    return new Advertisement(n.server(), MacAddresses.nic(n.server(), n.nic()), n.nic());
  }

  // ---------------------------------------------------------------- inventory

  /**
   * The inventory the fabric API accepts: {@code {"devices":[{name, role, host, port, ...,
   * serialNumber}]}}, with {@code host} the advertised host when one is set (a name the controller
   * resolves, such as a container's service name), else the address the switch listens on.
   */
  public String inventoryJson() {
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode root = mapper.createObjectNode();
    ArrayNode list = root.putArray("devices");
    for (EmulatedDevice d : devices()) {
      ObjectNode n = list.addObject();
      n.put("name", d.name());
      n.put("role", d.role());
      n.put("host", options.advertiseHost() != null ? options.advertiseHost() : d.host());
      n.put("port", d.port());
      n.put("username", options.username());
      n.put("password", options.password());
      n.put("hostKeySha256", d.hostKeySha256());
      n.put("serialNumber", d.serialNumber());
    }
    return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root);
  }

  @Override
  public void close() {
    RuntimeException first = null;
    for (EmulatedDevice d : devices()) {
      try {
        d.stop();
      } catch (RuntimeException e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    runtime.close();
    if (first != null) {
      throw first;
    }
  }
}
