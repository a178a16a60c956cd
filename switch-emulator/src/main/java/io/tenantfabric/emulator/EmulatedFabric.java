package io.tenantfabric.emulator;

import io.tenantfabric.emulator.cabling.Cable;
import io.tenantfabric.emulator.cabling.CablePlant;
import io.tenantfabric.emulator.cabling.Server;
import io.tenantfabric.emulator.cli.PortSplit;
import io.tenantfabric.emulator.device.EmulatorRuntime;
import io.tenantfabric.emulator.device.Identity;
import io.tenantfabric.emulator.device.Surroundings;
import io.tenantfabric.emulator.device.SwitchDevice;
import io.tenantfabric.emulator.identity.MacAddresses;
import io.tenantfabric.emulator.lldp.Advertisement;
import io.tenantfabric.emulator.lldp.PortLink;
import io.tenantfabric.emulator.netconf.SshTransport;
import io.tenantfabric.emulator.topology.FabricPlan;
import io.tenantfabric.emulator.topology.GrowthPlan;
import io.tenantfabric.emulator.topology.SwitchLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
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
 * #close()} stops them all. With an installed preset, the switches the smaller layout lacks wait
 * uninstalled (no listener, no cables, not in the inventory) until {@link #install}.
 */
public final class EmulatedFabric implements AutoCloseable {
  private final EmulatorOptions options;
  private final EmulatorRuntime runtime;
  private final Map<String, SwitchDevice> devices;
  private final CablePlant plant;
  private final Identities identities;
  private final Object inventoryLock = new Object();
  private Path inventoryFile;

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

  /**
   * Starts every installed switch of the preset (all of them without an installed preset), with its
   * day-0 configuration; returns once all listen. IllegalArgumentException for an installed preset
   * that is not part of the preset.
   */
  public static EmulatedFabric start(EmulatorOptions o) {
    GrowthPlan growth = GrowthPlan.of(o.preset(), o.installedPreset(), o.leavesOnly());
    FabricPlan plan = growth.target();
    EmulatorRuntime runtime = new EmulatorRuntime();
    Map<String, Integer> cages = new LinkedHashMap<>();
    for (SwitchLayout l : plan.switches()) {
      cages.put(l.name(), l.frontPanelPorts());
    }
    CablePlant plant =
        new CablePlant(cages, plan.servers(), plan.cables(), growth.cabled(), runtime.clock());
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
        boolean installed = growth.installed().contains(l.name());
        SwitchDevice d =
            new SwitchDevice(
                l,
                host,
                port,
                o.profile(),
                o.advertiseBase11(),
                installed ? fabric.identities.first(l.name()) : fabric.identities.standIn(l.name()),
                o.maxSessions(),
                runtime,
                fabric.surroundings(),
                dev -> new SshTransport(dev, runtime, o.username(), o.password(), o.maxSessions()));
        d.baseDelayMs(o.delayMs());
        devices.put(l.name(), d);
        if (installed) {
          d.start();
        } else {
          d.notInstalled();
        }
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

  /**
   * Every switch, installed or not, in listening order (super-spines, spines, leaves); a switch not
   * installed has no listener.
   */
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

  /**
   * Whether switch {@code name} is installed (racked and powered): true for every switch unless the
   * fabric started with an installed preset that lacks it and it has not been installed since.
   * NoSuchElementException for a switch the fabric does not have.
   */
  public boolean installed(String name) {
    return ((SwitchDevice) device(name)).installed();
  }

  /**
   * Racks and powers switch {@code name}, one the installed preset lacked: it listens on the
   * address the scheme gives it (base port + its place in the listening order, its loopback
   * address, or an ephemeral port), as a factory-fresh unit (no day-0, as a wipe leaves it; {@code
   * day0()} gives it) with its host key (kept in the host key directory when there is one). Its
   * cables are whatever was plugged into it; the inventory (and its file, when {@link
   * #inventoryFile} set one) lists it from now on. Returns the switch. NoSuchElementException for
   * an unknown switch, IllegalStateException when it is installed already.
   */
  public EmulatedDevice install(String name) {
    SwitchDevice d = (SwitchDevice) device(name);
    if (d.installed()) {
      throw new IllegalStateException(name + " is already installed");
    }
    d.install(identities.first(name));
    rewriteInventory();
    return d;
  }

  /**
   * Writes the inventory ({@link #inventoryJson()}) to {@code target} now, mode 0600 through an
   * atomic rename, and again after every {@link #install}, so that the file always lists the
   * installed switches.
   */
  public void inventoryFile(Path target) throws IOException {
    synchronized (inventoryLock) {
      InventoryFile.write(target, inventoryJson());
      inventoryFile = target;
    }
  }

  private void rewriteInventory() {
    synchronized (inventoryLock) {
      if (inventoryFile != null) {
        try {
          InventoryFile.write(inventoryFile, inventoryJson());
        } catch (IOException e) {
          throw new UncheckedIOException("cannot rewrite the inventory " + inventoryFile, e);
        }
      }
    }
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
          if (far instanceof CableEnd.SwitchPort p && !installedOrUnknown(p.device())) {
            continue; // an unpowered switch brings no link up
          }
          out.put(e.getKey(), new PortLink(e.getValue().since(), listen ? heard(far) : null));
        }
        return out;
      }

      @Override
      public Identity renew(String device, int wipes) {
        return identities.renew(device, wipes);
      }

      @Override
      public void followBreakouts(String device, List<PortSplit> splits) {
        for (PortSplit s : splits) {
          plant.followBreakout(device, s.port(), s.split());
        }
      }
    };
  }

  /** False only for a switch that is not installed (one still being built counts as installed). */
  private boolean installedOrUnknown(String name) {
    SwitchDevice d = devices.get(name);
    return d == null || d.installed();
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
   * serialNumber}]}} of the installed switches, with {@code host} the advertised host when one is
   * set (a name the controller resolves, such as a container's service name), else the address the
   * switch listens on.
   */
  public String inventoryJson() {
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode root = mapper.createObjectNode();
    ArrayNode list = root.putArray("devices");
    for (EmulatedDevice d : devices()) {
      if (!((SwitchDevice) d).installed()) {
        continue;
      }
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
