package io.tenantfabric.model.verify;

import io.tenantfabric.model.compile.AllocationIntent;
import io.tenantfabric.model.compile.FabricCompiler;
import io.tenantfabric.model.compile.FabricProfile;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.compile.TenantIntent;
import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.device.ServiceBinding;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * Test data builder for audits: compiles an intent on a fabric (expected), starts from observed ==
 * expected on every switch, and offers one small helper per way a switch can drift from its intent.
 */
public final class AuditFixture {
  /** The case study: 16 spines, 32 leaves; gpu-node-0NN/i sits on leaf-0(i+1) port NN. */
  static final Fabric CASE_STUDY = Fabric.of(FabricPresets.named(FabricPresets.H3C_S9825_1024));

  static final TenantIntent RED = tenant("red", 10001, "10.1.0.0/28");
  static final TenantIntent BLUE = tenant("blue", 10002, "10.2.0.0/28");
  static final TenantIntent SOLO = tenant("solo", 10003, "10.3.0.0/29");

  private final FabricSnapshot snapshot;
  private final SortedMap<SwitchName, DeviceConfig> expected;
  private final Map<SwitchName, DeviceConfig> observed = new TreeMap<>();
  private final Map<SwitchName, Map<PortName, String>> outbound = new TreeMap<>();
  private final Map<SwitchName, Map<PortName, PortLossless>> lossless = new TreeMap<>();
  private final Map<SwitchName, List<String>> anomalies = new TreeMap<>();
  private final Map<SwitchName, String> unreadable = new TreeMap<>();
  private final Set<SwitchName> inFlight = new HashSet<>();
  private final Set<SwitchName> context = new TreeSet<>();
  private Set<SwitchName> scope;

  private AuditFixture(FabricSnapshot snapshot) {
    this.snapshot = snapshot;
    this.expected = FabricCompiler.compile(snapshot);
    expected.forEach(
        (name, config) -> {
          observed.put(name, config);
          Map<PortName, PortLossless> ports = new TreeMap<>();
          PortLossless baseline = PortLossless.of(config.lossless());
          config.losslessPorts().forEach(p -> ports.put(p, baseline));
          lossless.put(name, ports);
        });
  }

  /**
   * Red holds GPUs 0..3 of gpu-node-001 and -002 (leaf-01..04, ports 1 and 2), blue GPUs 2..5 of
   * gpu-node-003 and -004 (leaf-03..06, ports 3 and 4), solo GPU 7 of gpu-node-005 (leaf-08 port
   * 5): leaf-01 and -02 are red's alone, leaf-03 and -04 red's and blue's.
   */
  public static AuditFixture redBlueSolo() {
    return of(
        snapshot(
            CASE_STUDY,
            List.of(RED, BLUE, SOLO),
            List.of(
                allocation(
                    "r-1",
                    "red",
                    "gpu-node-001/0",
                    "gpu-node-001/1",
                    "gpu-node-001/2",
                    "gpu-node-001/3",
                    "gpu-node-002/0",
                    "gpu-node-002/1",
                    "gpu-node-002/2",
                    "gpu-node-002/3"),
                allocation(
                    "b-1",
                    "blue",
                    "gpu-node-003/2",
                    "gpu-node-003/3",
                    "gpu-node-003/4",
                    "gpu-node-003/5",
                    "gpu-node-004/2",
                    "gpu-node-004/3",
                    "gpu-node-004/4",
                    "gpu-node-004/5"),
                allocation("s-1", "solo", "gpu-node-005/7"))));
  }

  /** Every switch of the snapshot's fabric compiled, observed exactly as compiled. */
  public static AuditFixture of(FabricSnapshot snapshot) {
    return new AuditFixture(snapshot);
  }

  public static TenantIntent tenant(String name, int vni, String prefix) {
    return new TenantIntent(name, new Vni(vni), Ipv4Prefix.parse(prefix));
  }

  public static AllocationIntent allocation(String id, String tenant, String... gpus) {
    TreeSet<GpuId> ids = new TreeSet<>();
    Arrays.stream(gpus).map(GpuId::new).forEach(ids::add);
    return new AllocationIntent(id, tenant, ids);
  }

  public static FabricSnapshot snapshot(
      Fabric fabric, List<TenantIntent> tenants, List<AllocationIntent> allocations) {
    Map<String, TenantIntent> byName = new LinkedHashMap<>();
    tenants.forEach(t -> byName.put(t.name(), t));
    return new FabricSnapshot(fabric, byName, allocations, FabricProfile.from(fabric));
  }

  public static SwitchName sw(String name) {
    return new SwitchName(name);
  }

  public static PortName port(int n) {
    return PortName.fourHundred(n);
  }

  public FabricSnapshot snapshot() {
    return snapshot;
  }

  public DeviceConfig expected(String sw) {
    return expected.get(sw(sw));
  }

  public DeviceConfig observed(String sw) {
    return observed.get(sw(sw));
  }

  /**
   * Binds {@code port} into {@code vsi} (which must exist on the switch), same service instance.
   */
  public AuditFixture movePort(String sw, int port, String vsi) {
    return movePort(sw, port(port), vsi);
  }

  public AuditFixture movePort(String sw, PortName port, String vsi) {
    return editPort(
        sw,
        port,
        p ->
            new PortConfig(
                p.port(),
                p.adminUp(),
                p.description(),
                Optional.of(
                    new ServiceBinding(p.binding().map(ServiceBinding::srvId).orElse(1), vsi)),
                p.inboundAcl()));
  }

  /** The VSI carries another VNI. */
  public AuditFixture changeVni(String sw, String vsi, int vni) {
    return edit(
        sw,
        c -> {
          TreeMap<String, VsiConfig> vsis = new TreeMap<>(c.vsis());
          VsiConfig v = vsis.get(vsi);
          vsis.put(vsi, new VsiConfig(v.name(), new Vni(vni), v.tenant()));
          return with(c, vsis, c.ports(), c.acls());
        });
  }

  /** A rule added to an existing ACL. */
  public AuditFixture addRule(String sw, String acl, AclRule rule) {
    return edit(
        sw,
        c -> {
          TreeMap<String, AclConfig> acls = new TreeMap<>(c.acls());
          List<AclRule> rules = new ArrayList<>(acls.get(acl).rules());
          rules.add(rule);
          acls.put(acl, new AclConfig(acl, rules));
          return with(c, c.vsis(), c.ports(), acls);
        });
  }

  /** An ACL's rules replaced. */
  public AuditFixture replaceRules(String sw, String acl, AclRule... rules) {
    return edit(
        sw,
        c -> {
          TreeMap<String, AclConfig> acls = new TreeMap<>(c.acls());
          acls.put(acl, new AclConfig(acl, List.of(rules)));
          return with(c, c.vsis(), c.ports(), acls);
        });
  }

  /** The port (managed) also shows {@code extra}, as a switch would after a change by hand. */
  public AuditFixture addExtra(String sw, int port, PortExtra extra) {
    return addExtra(sw, port(port), extra);
  }

  public AuditFixture addExtra(String sw, PortName port, PortExtra extra) {
    return editPort(
        sw,
        port,
        p -> {
          List<PortExtra> extras = new ArrayList<>(p.extras());
          extras.add(extra);
          return p.withExtras(extras);
        });
  }

  /** The ACL is (also) applied outbound on the port. */
  public AuditFixture applyOutbound(String sw, int port, String acl) {
    outbound.computeIfAbsent(sw(sw), s -> new TreeMap<>()).put(port(port), acl);
    return this;
  }

  public AuditFixture removeBinding(String sw, int port) {
    return editPort(
        sw,
        port,
        p ->
            new PortConfig(
                p.port(), p.adminUp(), p.description(), Optional.empty(), p.inboundAcl()));
  }

  /** The ACL is gone, and with it every packet-filter that used it. */
  public AuditFixture deleteAcl(String sw, String acl) {
    return edit(
        sw,
        c -> {
          TreeMap<String, AclConfig> acls = new TreeMap<>(c.acls());
          acls.remove(acl);
          TreeMap<PortName, PortConfig> ports = new TreeMap<>(c.ports());
          ports.replaceAll(
              (n, p) ->
                  p.inboundAcl().equals(Optional.of(acl))
                      ? new PortConfig(
                          p.port(), p.adminUp(), p.description(), p.binding(), Optional.empty())
                      : p);
          return with(c, c.vsis(), ports, acls);
        });
  }

  public AuditFixture unapplyAcl(String sw, int port) {
    return editPort(
        sw,
        port,
        p -> new PortConfig(p.port(), p.adminUp(), p.description(), p.binding(), Optional.empty()));
  }

  /** The port shows its lossless settings without PFC (and so without PFC deadlock detection). */
  public AuditFixture dropPfc(String sw, int port) {
    lossless
        .get(sw(sw))
        .computeIfPresent(
            port(port),
            (n, l) ->
                new PortLossless(
                    l.priority(), false, l.ecn(), l.trustDscp(), l.trustTunnelDot1p(), false));
    return this;
  }

  /** A tenant VSI the intent does not know. */
  public AuditFixture addVsi(String sw, String vsi, int vni) {
    return edit(
        sw,
        c -> {
          TreeMap<String, VsiConfig> vsis = new TreeMap<>(c.vsis());
          vsis.put(vsi, new VsiConfig(vsi, new Vni(vni), VsiConfig.tenantOf(vsi)));
          return with(c, vsis, c.ports(), c.acls());
        });
  }

  /** A free port left administratively up. */
  public AuditFixture bringUp(String sw, int port) {
    return editPort(
        sw,
        port,
        p -> new PortConfig(p.port(), true, p.description(), p.binding(), p.inboundAcl()));
  }

  public AuditFixture anomaly(String sw, String text) {
    anomalies.computeIfAbsent(sw(sw), s -> new ArrayList<>()).add(text);
    return this;
  }

  public AuditFixture unreadable(String sw, String reason) {
    unreadable.put(sw(sw), reason);
    return this;
  }

  /** A later generation than the one {@code expected} was compiled at is being applied. */
  public AuditFixture inFlight(String sw) {
    inFlight.add(sw(sw));
    return this;
  }

  /** Audits only these switches (default: every switch of the fabric). */
  public AuditFixture scope(String... switches) {
    scope = new TreeSet<>();
    Arrays.stream(switches).map(AuditFixture::sw).forEach(scope::add);
    return this;
  }

  /** Hands these switches to the audit as last applied (their expected config), not observed. */
  public AuditFixture context(String... switches) {
    Arrays.stream(switches).map(AuditFixture::sw).forEach(context::add);
    return this;
  }

  public AuditInput input() {
    List<SwitchObservation> switches = new ArrayList<>();
    for (Map.Entry<SwitchName, DeviceConfig> e : expected.entrySet()) {
      SwitchName name = e.getKey();
      if ((scope != null && !scope.contains(name)) || context.contains(name)) {
        continue;
      }
      switches.add(
          unreadable.containsKey(name)
              ? SwitchObservation.unreadable(
                  e.getValue(), inFlight.contains(name), unreadable.get(name))
              : SwitchObservation.read(
                  e.getValue(),
                  inFlight.contains(name),
                  observed.get(name),
                  anomalies.getOrDefault(name, List.of()),
                  outbound.getOrDefault(name, Map.of()),
                  lossless.get(name)));
    }
    Map<SwitchName, DeviceConfig> lastApplied = new TreeMap<>();
    context.forEach(name -> lastApplied.put(name, expected.get(name)));
    return new AuditInput(snapshot.fabric(), identities(snapshot), switches, lastApplied);
  }

  public AuditReport audit() {
    return IsolationVerifier.verify(input());
  }

  /** Every addressed tenant of the snapshot, as the verifier knows it. */
  public static Map<String, TenantIdentity> identities(FabricSnapshot snapshot) {
    Map<String, TenantIdentity> out = new TreeMap<>();
    for (TenantIntent t : snapshot.tenants().values()) {
      if (t.isAddressed()) {
        out.put(t.name(), new TenantIdentity(t.name(), t.vni(), t.prefix()));
      }
    }
    return out;
  }

  private AuditFixture editPort(String sw, int port, UnaryOperator<PortConfig> change) {
    return editPort(sw, port(port), change);
  }

  private AuditFixture editPort(String sw, PortName port, UnaryOperator<PortConfig> change) {
    return edit(
        sw,
        c -> {
          TreeMap<PortName, PortConfig> ports = new TreeMap<>(c.ports());
          ports.put(port, change.apply(ports.get(port)));
          return with(c, c.vsis(), ports, c.acls());
        });
  }

  private AuditFixture edit(String sw, UnaryOperator<DeviceConfig> change) {
    observed.put(sw(sw), change.apply(observed.get(sw(sw))));
    return this;
  }

  private static DeviceConfig with(
      DeviceConfig c,
      Map<String, VsiConfig> vsis,
      Map<PortName, PortConfig> ports,
      Map<String, AclConfig> acls) {
    return new DeviceConfig(
        c.device(),
        c.role(),
        c.lossless(),
        new TreeMap<>(vsis),
        new TreeMap<>(ports),
        new TreeMap<>(acls));
  }
}
