package io.tenantfabric.model.verify;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.device.ServiceBinding;
import io.tenantfabric.model.device.ServiceEncapsulation;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.PortName;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The checks on one switch that was read: who owns a port comes from the intent at the generation
 * the switch applied; what the port does comes from what the switch showed. Feeds the switch's VSIs
 * and bindings into the fabric's segment graph.
 */
final class SwitchAudit {
  private static final Pattern TRAILING_COLONS = Pattern.compile(":+$");

  private final SwitchObservation s;
  private final DeviceConfig expected;
  private final DeviceConfig observed;
  private final String sw;
  private final TenantIndex tenants;
  private final Findings out;
  private final Map<PortName, String> owners;
  private final Map<String, AddressSet> reach = new HashMap<>();

  private SwitchAudit(SwitchObservation s, TenantIndex tenants, Findings out) {
    this.s = s;
    this.expected = s.expected();
    this.observed = s.observed().orElseThrow();
    this.sw = s.name().value();
    this.tenants = tenants;
    this.out = out;
    this.owners = owners(expected);
  }

  /** Runs every per-switch check on {@code s}; returns the tenant ports as observed. */
  static List<PortEvidence> run(
      SwitchObservation s, TenantIndex tenants, List<Gpu> gpus, Findings out, SegmentGraph graph) {
    SwitchAudit a = new SwitchAudit(s, tenants, out);
    a.vsis(graph);
    a.segmentsOnThisSwitch();
    Map<PortName, String> gpuAt = new HashMap<>();
    gpus.forEach(g -> gpuAt.put(g.port(), g.id().value()));
    List<PortEvidence> evidence = new ArrayList<>();
    for (PortName port : a.expected.ports().keySet()) {
      a.port(port, graph).ifPresent(p -> evidence.add(p.withGpu(gpuAt.get(port))));
    }
    a.lossless();
    a.anomalies();
    return evidence;
  }

  /** The tenant each managed port is allocated to (by the VSI the intent binds it into). */
  static Map<PortName, String> owners(DeviceConfig config) {
    Map<PortName, String> owners = new HashMap<>();
    for (PortConfig p : config.ports().values()) {
      p.binding()
          .map(b -> config.vsis().get(b.vsiName()))
          .ifPresent(v -> owners.put(p.port(), v.tenant()));
    }
    return owners;
  }

  private void vsis(SegmentGraph graph) {
    for (VsiConfig v : observed.vsis().values()) {
      graph.vsi(sw, v.name(), v.tenant(), v.vni().value());
      Optional<TenantIdentity> own = tenants.named(v.tenant());
      String vniOwner = tenants.ownerOfVni(v.vni().value());
      boolean foreignVni =
          own.map(t -> t.vni().value() != v.vni().value()).orElse(vniOwner != null);
      if (foreignVni) {
        List<String> who = new ArrayList<>();
        own.ifPresent(t -> who.add(t.name()));
        if (vniOwner != null) {
          who.add(vniOwner);
        }
        out.add(
            FindingKind.VNI_MISMATCH,
            sw,
            null,
            who,
            s.inFlight(),
            v.name()
                + " carries VNI "
                + v.vni().value()
                + own.map(t -> ", not its tenant's " + t.vni().value()).orElse("")
                + (vniOwner == null ? "" : ", which is tenant " + vniOwner + "'s"),
            List.of(new Evidence.Vsi(v)));
      }
      if (!expected.vsis().containsKey(v.name())) {
        out.add(
            FindingKind.ORPHAN_VSI,
            sw,
            null,
            own.map(t -> List.of(t.name())).orElse(List.of()),
            s.inFlight(),
            v.name() + " is not meant to be on " + sw,
            List.of(new Evidence.Vsi(v)));
      }
    }
  }

  /**
   * A VSI holding ports of two tenants, or a port of a tenant it is not named for: through the
   * port's binding or any service instance among its extras, whatever its encapsulation.
   */
  private void segmentsOnThisSwitch() {
    Map<String, TreeSet<String>> served = new TreeMap<>();
    Map<String, List<Evidence>> lines = new TreeMap<>();
    for (PortConfig p : observed.ports().values()) {
      String owner = owners.get(p.port());
      for (String vsi : joinedVsis(p)) {
        TreeSet<String> who = served.computeIfAbsent(vsi, this::namedFor);
        if (owner != null) {
          who.add(owner);
        }
        lines.computeIfAbsent(vsi, this::vsiLines).add(new Evidence.Port(p, null));
      }
    }
    served.forEach(
        (vsi, who) -> {
          if (who.size() > 1) {
            out.add(
                FindingKind.SHARED_SEGMENT,
                sw,
                null,
                who,
                s.inFlight(),
                "vsi " + vsi + " serves tenants " + String.join(", ", who),
                lines.get(vsi));
          }
        });
  }

  /** Every VSI the port is joined to: its binding's, then its extra service instances'. */
  private static Collection<String> joinedVsis(PortConfig p) {
    if (p.extras().isEmpty()) {
      // nearly every port: no set to build
      return p.binding().map(b -> List.of(b.vsiName())).orElse(List.of());
    }
    Set<String> vsis = new LinkedHashSet<>();
    p.binding().ifPresent(b -> vsis.add(b.vsiName()));
    for (PortExtra e : p.extras()) {
      if (e instanceof PortExtra.Service x) {
        x.vsi().ifPresent(vsis::add);
      }
    }
    return vsis;
  }

  /** The tenant a VSI is named for: none for a VSI that is neither modelled nor {@code t-*}. */
  private TreeSet<String> namedFor(String vsi) {
    TreeSet<String> who = new TreeSet<>();
    if (observed.vsis().containsKey(vsi) || vsi.startsWith("t-")) {
      who.add(VsiConfig.tenantOf(vsi));
    }
    return who;
  }

  private List<Evidence> vsiLines(String vsi) {
    List<Evidence> lines = new ArrayList<>();
    VsiConfig v = observed.vsis().get(vsi);
    if (v != null) {
      lines.add(new Evidence.Vsi(v));
    }
    return lines;
  }

  private Optional<PortEvidence> port(PortName port, SegmentGraph graph) {
    PortConfig seen = observed.ports().getOrDefault(port, PortConfig.scrubbed(port));
    PortConfig want = expected.ports().get(port);
    String owner = owners.get(port);
    Optional<PortExtra.PacketFilter> outboundExtra = outboundIpv4(seen);
    String outbound =
        s.outboundAcls()
            .getOrDefault(port, outboundExtra.map(PortExtra.PacketFilter::acl).orElse(null));
    Optional<ServiceBinding> bound = seen.binding();
    String name = port.value();
    List<Evidence> lines = List.of(new Evidence.Port(seen, s.outboundAcls().get(port)));
    bound.ifPresent(b -> graph.bind(sw, name, owner, b.srvId(), b.vsiName()));
    // extras an isolation finding names; nearly every port has none
    Set<PortExtra> covered = seen.extras().isEmpty() ? Set.of() : new HashSet<>();
    for (PortExtra e : seen.extras()) {
      if (e instanceof PortExtra.Service x && x.vsi().isPresent()) {
        graph.bind(sw, name, owner, x.srvId(), x.vsi().get());
        if (foreignVsi(name, owner, x.vsi().get(), x.key() + " (" + words(x) + ")", lines)) {
          covered.add(e);
        }
      }
    }
    bound.ifPresent(b -> foreignVsi(name, owner, b.vsiName(), null, lines));
    if (owner == null) {
      boolean bare =
          !seen.adminUp()
              && seen.description().isEmpty()
              && seen.inboundAcl().isEmpty()
              && outbound == null;
      if (bound.isEmpty() && !bare) {
        out.add(
            FindingKind.UNSCRUBBED_PORT,
            sw,
            name,
            List.of(),
            s.inFlight(),
            name + " is free but not shut down and bare",
            lines);
      }
      extras(name, null, seen, covered, lines);
      return Optional.empty();
    }
    if (bound.isEmpty()) {
      out.add(
          FindingKind.UNBOUND_PORT,
          sw,
          name,
          List.of(owner),
          s.inFlight(),
          name + " is allocated to " + owner + " but in no VSI",
          lines);
    }
    seen.inboundAcl().ifPresent(acl -> aclReach(name, owner, acl, lines));
    if (outbound != null) {
      outboundFilter(name, owner, outbound, lines);
      if (outboundExtra.isPresent() && outboundExtra.get().acl().equals(outbound)) {
        covered.add(outboundExtra.get());
      }
    }
    want.inboundAcl()
        .ifPresent(
            acl -> {
              if (!observed.acls().containsKey(acl)) {
                out.add(
                    FindingKind.ACL_MISSING,
                    sw,
                    name,
                    List.of(owner),
                    s.inFlight(),
                    "acl " + acl + " of " + name + " does not exist on " + sw,
                    lines);
              } else if (!seen.inboundAcl().equals(Optional.of(acl))) {
                out.add(
                    FindingKind.ACL_NOT_APPLIED,
                    sw,
                    name,
                    List.of(owner),
                    s.inFlight(),
                    "acl " + acl + " is not applied inbound on " + name,
                    lines);
              }
            });
    extras(name, owner, seen, covered, lines);
    Integer vni =
        bound.map(b -> observed.vsis().get(b.vsiName())).map(v -> v.vni().value()).orElse(null);
    return Optional.of(
        new PortEvidence(
            owner,
            sw,
            name,
            null,
            seen.adminUp(),
            bound.map(ServiceBinding::vsiName).orElse(null),
            vni,
            seen.inboundAcl().orElse(null),
            losslessOf(port).equals(PortLossless.of(expected.lossless()))));
  }

  /**
   * A port joined to the VSI of a tenant it is not allocated to (or free): by its binding ({@code
   * through} null) or by an extra service instance. True when that is a finding.
   */
  private boolean foreignVsi(
      String name, String owner, String vsi, String through, List<Evidence> lines) {
    String vsiTenant = VsiConfig.tenantOf(vsi);
    if (vsiTenant.equals(owner)) {
      return false;
    }
    List<String> who = new ArrayList<>();
    if (tenants.isTenant(vsiTenant)) {
      who.add(vsiTenant);
    }
    if (owner != null) {
      who.add(owner);
    }
    out.add(
        FindingKind.FOREIGN_PORT_IN_VSI,
        sw,
        name,
        who,
        s.inFlight(),
        name
            + (owner == null ? ", a free port," : ", " + owner + "'s port,")
            + " is in vsi "
            + vsi
            + (through == null ? "" : " through " + through),
        lines);
    return true;
  }

  /** An ACL applied outbound on a tenant port: the port's tenant and the ACL's are named. */
  private void outboundFilter(String name, String owner, String acl, List<Evidence> lines) {
    String aclTenant =
        new PortExtra.PacketFilter(
                acl, PortExtra.PacketFilter.Direction.OUTBOUND, PortExtra.PacketFilter.Family.IPV4)
            .namedTenant()
            .filter(t -> tenants.isTenant(t) && !t.equals(owner))
            .orElse(null);
    List<String> who = new ArrayList<>(List.of(owner));
    if (aclTenant != null) {
      who.add(aclTenant);
    }
    out.add(
        FindingKind.ACL_WRONG,
        sw,
        name,
        who,
        s.inFlight(),
        aclTenant == null
            ? "acl " + acl + " filters " + name + " outbound, not inbound"
            : "acl "
                + acl
                + ", "
                + aclTenant
                + "'s, filters "
                + owner
                + "'s "
                + name
                + " outbound, not inbound",
        lines);
  }

  /**
   * Every extra on a managed port that no isolation finding already names: configuration the intent
   * does not compile, which the verifier cannot prove harmless (a repair removes it).
   */
  private void extras(
      String name, String owner, PortConfig seen, Set<PortExtra> covered, List<Evidence> lines) {
    for (PortExtra e : seen.extras()) {
      if (covered.contains(e)) {
        continue;
      }
      TreeSet<String> who = new TreeSet<>();
      if (owner != null) {
        who.add(owner);
      }
      e.namedTenant().filter(tenants::isTenant).ifPresent(who::add);
      out.add(
          FindingKind.UNMODELED_CONFIG,
          sw,
          name,
          who,
          s.inFlight(),
          name + " carries " + e.key() + ", which the intent does not compile",
          lines);
    }
  }

  /** The first outbound IPv4 packet filter among the port's extras. */
  private static Optional<PortExtra.PacketFilter> outboundIpv4(PortConfig p) {
    for (PortExtra e : p.extras()) {
      if (e instanceof PortExtra.PacketFilter f && f.isOutboundIpv4()) {
        return Optional.of(f);
      }
    }
    return Optional.empty();
  }

  /** A service instance's match in words, for a summary. */
  private static String words(PortExtra.Service x) {
    ServiceEncapsulation e = x.encapsulation();
    String kind = e.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ');
    return switch (e.kind()) {
      case SERVICE_VLAN, SERVICE_VLAN_ONLY_TAGGED -> kind + " " + e.serviceVlans();
      case QINQ -> kind + " " + e.serviceVlans() + " / " + e.customerVlans();
      case CUSTOMER_VLAN -> kind + " " + e.customerVlans();
      case UNREADABLE -> "unreadable encapsulation " + e.unreadable();
      default -> kind;
    };
  }

  private void aclReach(String port, String owner, String acl, List<Evidence> portLines) {
    AclConfig config = observed.acls().get(acl);
    AddressSet permitted = reach.computeIfAbsent(acl, a -> AclReach.permitted(config));
    TenantIndex.Exposure exposed = tenants.foreignIn(permitted, owner);
    if (exposed.count() > 0) {
      List<String> who = new ArrayList<>(exposed.named());
      who.add(owner);
      List<Evidence> lines = new ArrayList<>(portLines);
      lines.add(new Evidence.Acl(config));
      out.add(
          FindingKind.ACL_WRONG,
          sw,
          port,
          who,
          s.inFlight(),
          "acl "
              + acl
              + " on "
              + port
              + " lets "
              + owner
              + " reach "
              + exposed.count()
              + (exposed.count() == 1 ? " other tenant's prefix" : " other tenants' prefixes"),
          lines);
    }
  }

  /** Every port the baseline covers (managed ports and uplinks) carries it as intended. */
  private void lossless() {
    if (expected.lossless().isEmpty()) {
      return;
    }
    PortLossless want = PortLossless.of(expected.lossless());
    TreeSet<PortName> covered = new TreeSet<>(expected.ports().keySet());
    covered.addAll(expected.lossless().ports());
    for (PortName port : covered) {
      PortLossless seen = losslessOf(port);
      if (!seen.equals(want)) {
        String owner = owners.get(port);
        List<Evidence> lines = List.of(new Evidence.Lossless(port, seen));
        out.add(
            FindingKind.LOSSLESS_MISSING,
            sw,
            port.value(),
            owner == null ? List.of() : List.of(owner),
            s.inFlight(),
            port.value()
                + " does not carry the lossless baseline (priority "
                + want.priority()
                + ")",
            lines);
      }
    }
  }

  // per port as the parser saw it; a reader that only knows the folded baseline reports that
  private PortLossless losslessOf(PortName port) {
    if (s.portLossless().isEmpty()) {
      return PortLossless.of(observed.lossless());
    }
    return s.portLossless().getOrDefault(port, PortLossless.NONE);
  }

  /**
   * An anomaly concerns a managed port (named in it), a tenant VSI or ACL ({@code t-...}) or a
   * tenant's VNI ({@code vxlan N}). The parser's "lossless settings of P differ" is modelled port
   * by port above when the reader gave per-port settings.
   */
  private void anomalies() {
    Map<String, PortName> managed = new HashMap<>();
    expected.ports().keySet().forEach(p -> managed.put(p.value(), p));
    for (String anomaly : s.anomalies()) {
      if (!s.portLossless().isEmpty() && anomaly.startsWith("lossless settings of ")) {
        continue;
      }
      String port = null;
      TreeSet<String> who = new TreeSet<>();
      boolean tenantObject = false;
      // a colon ends a word ("<port>: why") but is also part of a breakout sub-port's name
      // (TwoHundredGigE1/0/3:1), so it is trimmed from word ends rather than split on
      String[] words = anomaly.split("[\\s,;]+");
      for (int i = 0; i < words.length; i++) {
        words[i] = TRAILING_COLONS.matcher(words[i]).replaceFirst("");
      }
      for (int i = 0; i < words.length; i++) {
        String w = words[i];
        PortName p = managed.get(w);
        if (p != null) {
          port = port == null ? w : port;
          tenantObject = true;
          Optional.ofNullable(owners.get(p)).ifPresent(who::add);
        } else if (w.startsWith("t-") && w.length() > 2) {
          tenantObject = true;
          String t = w.endsWith("-in") ? w.substring(2, w.length() - 3) : w.substring(2);
          if (tenants.isTenant(t)) {
            who.add(t);
          }
        } else if (w.equals("vxlan") && i + 1 < words.length && words[i + 1].matches("\\d{1,8}")) {
          String t = tenants.ownerOfVni(Integer.parseInt(words[i + 1]));
          if (t != null) {
            tenantObject = true;
            who.add(t);
          }
        }
      }
      if (tenantObject) {
        out.add(
            FindingKind.UNMODELED_CONFIG,
            sw,
            port,
            who,
            s.inFlight(),
            "the model cannot express: " + anomaly,
            List.of(new Evidence.Note(anomaly)));
      }
    }
  }
}
