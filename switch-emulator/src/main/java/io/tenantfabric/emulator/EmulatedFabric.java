package io.tenantfabric.emulator;

import io.tenantfabric.emulator.device.EmulatorRuntime;
import io.tenantfabric.emulator.device.SwitchDevice;
import io.tenantfabric.emulator.netconf.SshTransport;
import io.tenantfabric.emulator.topology.FabricLayouts;
import io.tenantfabric.emulator.topology.SwitchLayout;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A fabric of emulated switches in this JVM, one SSH/NETCONF server each, sharing one set of
 * threads; {@link #close()} stops them all.
 */
public final class EmulatedFabric implements AutoCloseable {
  private final EmulatorOptions options;
  private final EmulatorRuntime runtime;
  private final Map<String, SwitchDevice> devices;

  private EmulatedFabric(
      EmulatorOptions options, EmulatorRuntime runtime, Map<String, SwitchDevice> devices) {
    this.options = options;
    this.runtime = runtime;
    this.devices = devices;
  }

  /** Starts every switch of the preset; returns once all of them listen. */
  public static EmulatedFabric start(EmulatorOptions o) {
    List<SwitchLayout> layouts = FabricLayouts.of(o.preset(), o.leavesOnly());
    EmulatorRuntime runtime = new EmulatorRuntime();
    Map<String, SwitchDevice> devices = new LinkedHashMap<>();
    EmulatedFabric fabric = new EmulatedFabric(o, runtime, devices);
    try {
      int n = 0;
      for (SwitchLayout l : layouts) {
        n++;
        String host = o.loopbackIps() ? loopbackAddress(n) : o.bind();
        int port = o.loopbackIps() ? 830 : o.basePort() == 0 ? 0 : o.basePort() + n - 1;
        KeyPair key =
            o.hostKeyDir() == null
                ? HostKeys.generate()
                : HostKeys.loadOrCreate(o.hostKeyDir(), l.name());
        SwitchDevice d =
            new SwitchDevice(
                l,
                host,
                port,
                o.profile(),
                o.advertiseBase11(),
                HostKeys.fingerprint(key),
                o.maxSessions(),
                runtime,
                dev ->
                    new SshTransport(
                        dev, runtime, key, o.username(), o.password(), o.maxSessions()));
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
    return Collections.unmodifiableList(new ArrayList<>(devices.values()));
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
   * The inventory the fabric API accepts: {@code {"devices":[{name, role, host, port, ...}]}}, with
   * {@code host} the advertised host when one is set (a name the controller resolves, such as a
   * container's service name), else the address the switch listens on.
   */
  public String inventoryJson() {
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode root = mapper.createObjectNode();
    ArrayNode list = root.putArray("devices");
    for (SwitchDevice d : devices.values()) {
      ObjectNode n = list.addObject();
      n.put("name", d.name());
      n.put("role", d.role());
      n.put("host", options.advertiseHost() != null ? options.advertiseHost() : d.host());
      n.put("port", d.port());
      n.put("username", options.username());
      n.put("password", options.password());
      n.put("hostKeySha256", d.hostKeySha256());
    }
    return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root);
  }

  @Override
  public void close() {
    RuntimeException first = null;
    for (SwitchDevice d : devices.values()) {
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
