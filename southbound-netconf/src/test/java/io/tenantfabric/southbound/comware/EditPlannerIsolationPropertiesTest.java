package io.tenantfabric.southbound.comware;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.AclAction;
import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.PortOrder;
import io.tenantfabric.model.device.ServiceBinding;
import io.tenantfabric.model.device.ServiceEncapsulation;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Every prefix of a plan keeps the switch isolated and its references whole: the plan's steps are
 * applied one at a time to {@link SwitchModel} and checked after each, and the last state is the
 * target's. Configs are drawn from few tenants, VNIs, rule ids and ports, so that ports, VNIs and
 * rules often move between tenants.
 */
class EditPlannerIsolationPropertiesTest {
  private static final List<String> TENANTS = List.of("a", "b", "c", "d", "e");
  private static final int PORTS = 6;
  private static final List<Ipv4Prefix> PREFIXES =
      List.of(
          Ipv4Prefix.parse("10.1.0.0/16"),
          Ipv4Prefix.parse("10.2.0.0/16"),
          Ipv4Prefix.parse("10.0.0.0/8"));

  @Property(tries = 2000)
  void everyStepKeepsTenantsIsolatedAndTheLastReachesTheTarget(
      @ForAll("leaves") DeviceConfig current, @ForAll("leaves") DeviceConfig target) {
    SwitchModel model = SwitchModel.of(current);
    assertThat(model.violations()).as("the generated current state").isEmpty();
    List<EditStep> plan = EditPlanner.plan(current, target);
    for (int i = 0; i < plan.size(); i++) {
      EditStep step = plan.get(i);
      model.apply(step);
      assertThat(model.violations())
          .as("after step %d (%s) of %s", i, step.describe(), describe(plan))
          .isEmpty();
    }
    assertThat(model.state()).isEqualTo(SwitchModel.of(target).state());
  }

  /**
   * The driver sends each {@link EditGroup} as one edit, and a switch may apply the rows of one
   * edit in any order: so every order of a group's steps must keep the switch isolated too. The
   * steps of each group are applied in reverse (the plan's order is checked above), with the checks
   * after every step, and the end state is still the target's.
   */
  @Property(tries = 2000)
  void theStepsOfAGroupKeepTenantsIsolatedInAnyOrder(
      @ForAll("leaves") DeviceConfig current, @ForAll("leaves") DeviceConfig target) {
    SwitchModel model = SwitchModel.of(current);
    List<EditStep> plan = EditPlanner.plan(current, target);
    List<EditGroup> groups = EditGroup.of(plan);
    assertThat(groups.stream().mapToInt(g -> g.steps().size()).sum()).isEqualTo(plan.size());
    for (EditGroup group : groups) {
      List<EditStep> reversed = new ArrayList<>(group.steps());
      Collections.reverse(reversed);
      for (EditStep step : reversed) {
        model.apply(step);
        assertThat(model.violations())
            .as("after %s, in reverse, of group %s of %s", step.describe(), group, describe(plan))
            .isEmpty();
      }
    }
    assertThat(model.state()).isEqualTo(SwitchModel.of(target).state());
  }

  /**
   * A switch whose ports carry extras (service instances of any match into any VSI there or none,
   * filters of any direction and family, QoS lines) reaches the target, and the plan removes before
   * it adds: no step makes a violation the switch did not have, and by the first step that adds
   * anything (or brings a port up) the switch has none left. So a foreign binding is gone before
   * any port joins a VSI, is filtered anew or comes up. The same holds with each group's steps
   * applied in reverse.
   */
  @Property(tries = 1000)
  void extrasGoBeforeAnythingIsAddedAndTheLastStepReachesTheTarget(
      @ForAll("leavesWithExtras") DeviceConfig current,
      @ForAll("leaves") DeviceConfig target,
      @ForAll boolean reversed) {
    SwitchModel model = SwitchModel.of(current);
    List<String> initial = unlisted(model.violations());
    List<EditStep> plan = EditPlanner.plan(current, target);
    boolean adding = false;
    for (EditGroup group : EditGroup.of(plan)) {
      List<EditStep> steps = new ArrayList<>(group.steps());
      if (reversed) {
        Collections.reverse(steps);
      }
      for (EditStep step : steps) {
        if (!adding && adds(step)) {
          assertThat(model.violations())
              .as("before %s, the first step that adds, of %s", step.describe(), describe(plan))
              .isEmpty();
          adding = true;
        }
        model.apply(step);
        assertThat(initial)
            .as("after %s of %s", step.describe(), describe(plan))
            .containsAll(unlisted(model.violations()));
      }
    }
    assertThat(model.violations()).isEmpty();
    assertThat(model.state()).isEqualTo(SwitchModel.of(target).state());
  }

  @Property(tries = 200)
  void aConfigPlannedAgainstItselfNeedsNoStep(@ForAll("leaves") DeviceConfig config) {
    assertThat(EditPlanner.plan(config, config)).isEmpty();
  }

  @Provide
  Arbitrary<DeviceConfig> leaves() {
    Arbitrary<List<Boolean>> present = Arbitraries.of(true, false).list().ofSize(TENANTS.size());
    Arbitrary<List<Integer>> vnis = Arbitraries.shuffle(List.of(101, 102, 103, 104, 105));
    Arbitrary<List<List<AclRule>>> rules = rules().list().ofSize(TENANTS.size());
    // per port: 0 = free, i = tenant i-1 when present (else free); then its srvId, up, description
    Arbitrary<List<Integer>> owners =
        Arbitraries.integers().between(0, TENANTS.size()).list().ofSize(PORTS);
    Arbitrary<List<Integer>> srvIds = Arbitraries.integers().between(1, 2).list().ofSize(PORTS);
    Arbitrary<List<Boolean>> up =
        Arbitraries.of(true, true, false).list().ofSize(PORTS); // bound ports mostly up
    Arbitrary<List<String>> descriptions =
        Arbitraries.of("", "gpu-1", "gpu-2").list().ofSize(PORTS);
    Arbitrary<Integer> lossless = Arbitraries.integers().between(0, 2); // off, priority 3, 4
    return Combinators.combine(present, vnis, rules, owners, srvIds, up, descriptions, lossless)
        .as(EditPlannerIsolationPropertiesTest::leaf);
  }

  /** As {@link #leaves()}, each port with up to three extras drawn from what that switch has. */
  @Provide
  Arbitrary<DeviceConfig> leavesWithExtras() {
    return leaves()
        .flatMap(
            leaf ->
                extra(leaf)
                    .list()
                    .ofMaxSize(3)
                    .list()
                    .ofSize(PORTS)
                    .map(extras -> withExtras(leaf, extras)));
  }

  /** One extra a port of {@code leaf} could show: into any of its VSIs, with any of its ACLs. */
  private static Arbitrary<PortExtra> extra(DeviceConfig leaf) {
    List<Optional<String>> vsis = new ArrayList<>();
    vsis.add(Optional.empty());
    leaf.vsis().keySet().forEach(v -> vsis.add(Optional.of(v)));
    List<String> acls = new ArrayList<>(leaf.acls().keySet());
    Arbitrary<PortExtra> service =
        Combinators.combine(
                Arbitraries.integers().between(1, 4),
                Arbitraries.of(
                    ServiceEncapsulation.untagged(),
                    ServiceEncapsulation.of(ServiceEncapsulation.Kind.TAGGED),
                    ServiceEncapsulation.of(ServiceEncapsulation.Kind.DEFAULT),
                    ServiceEncapsulation.serviceVlan("100", false),
                    ServiceEncapsulation.qinq("100", "200"),
                    ServiceEncapsulation.unreadable("s-vid 100 second-dot1q 7")),
                Arbitraries.of(vsis))
            .as(PortExtra.Service::new);
    Arbitrary<PortExtra> ipv4 =
        acls.isEmpty()
            ? Arbitraries.just(
                new PortExtra.PacketFilter(
                    "v6",
                    PortExtra.PacketFilter.Direction.OUTBOUND,
                    PortExtra.PacketFilter.Family.IPV6))
            : Combinators.combine(
                    Arbitraries.of(acls), Arbitraries.of(PortExtra.PacketFilter.Direction.values()))
                .as(
                    (acl, d) ->
                        new PortExtra.PacketFilter(acl, d, PortExtra.PacketFilter.Family.IPV4));
    Arbitrary<PortExtra> other =
        Arbitraries.<PortExtra>of(
            new PortExtra.PacketFilter(
                "v6-any",
                PortExtra.PacketFilter.Direction.INBOUND,
                PortExtra.PacketFilter.Family.IPV6),
            new PortExtra.PacketFilter(
                "3999",
                PortExtra.PacketFilter.Direction.OUTBOUND,
                PortExtra.PacketFilter.Family.MAC),
            new PortExtra.Qos("qos apply policy mirror inbound"));
    return Arbitraries.oneOf(service, ipv4, other);
  }

  /**
   * {@code leaf} with each port's drawn extras, those that clash with the port's model left out.
   */
  private static DeviceConfig withExtras(DeviceConfig leaf, List<List<PortExtra>> drawn) {
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(PortOrder.NATURAL);
    int n = 0;
    for (PortConfig p : leaf.ports().values()) {
      List<PortExtra> extras = new ArrayList<>();
      List<String> keys = new ArrayList<>();
      p.binding().ifPresent(b -> keys.add("service-instance " + b.srvId()));
      p.inboundAcl()
          .ifPresent(
              a ->
                  keys.add(
                      new PortExtra.PacketFilter(
                              a,
                              PortExtra.PacketFilter.Direction.INBOUND,
                              PortExtra.PacketFilter.Family.IPV4)
                          .key()));
      for (PortExtra e : drawn.get(n)) {
        boolean model =
            e instanceof PortExtra.Service x
                && p.binding().isEmpty()
                && x.encapsulation().equals(ServiceEncapsulation.untagged())
                && x.vsi().isPresent(); // that would be the port's binding, not an extra
        if (!model && !keys.contains(e.key())) {
          keys.add(e.key());
          extras.add(e);
        }
      }
      ports.put(p.port(), p.withExtras(extras));
      n++;
    }
    return new DeviceConfig(
        leaf.device(), leaf.role(), leaf.lossless(), leaf.vsis(), ports, leaf.acls());
  }

  /**
   * Violations without the tenants a port is joined to: a port that leaves one of three tenants'
   * VSIs is still in several, which is no new violation (before the first addition only removals
   * run, so the tenants can only become fewer).
   */
  private static List<String> unlisted(List<String> violations) {
    return violations.stream().map(v -> v.replaceAll("tenants \\[.*]", "tenants [...]")).toList();
  }

  /** True for a step that adds to the switch or lets traffic through: anything but a removal. */
  private static boolean adds(EditStep step) {
    if (step instanceof EditStep.SetPortState s) {
      return s.adminUp();
    }
    return !(step instanceof EditStep.Detach
        || step instanceof EditStep.RemoveService
        || step instanceof EditStep.RemoveFilter
        || step instanceof EditStep.RemoveExtraFilter
        || step instanceof EditStep.RemoveQos
        || step instanceof EditStep.UnmapVxlan
        || step instanceof EditStep.RemoveRule
        || step instanceof EditStep.DeleteAcl
        || step instanceof EditStep.DeleteVsi);
  }

  private static Arbitrary<List<AclRule>> rules() {
    Arbitrary<AclRule> rule =
        Combinators.combine(
                Arbitraries.of(10, 20, 30),
                Arbitraries.of(AclAction.values()),
                Arbitraries.integers().between(0, PREFIXES.size()),
                Arbitraries.integers().between(0, PREFIXES.size()),
                Arbitraries.of(true, false),
                Arbitraries.of("", "inter-tenant deny"))
            .as(
                (id, action, src, dst, counting, comment) ->
                    new AclRule(id, action, prefix(src), prefix(dst), counting, comment));
    return rule.list().ofMaxSize(3).uniqueElements(AclRule::id);
  }

  private static Optional<Ipv4Prefix> prefix(int i) {
    return i == PREFIXES.size() ? Optional.empty() : Optional.of(PREFIXES.get(i));
  }

  private static DeviceConfig leaf(
      List<Boolean> present,
      List<Integer> vnis,
      List<List<AclRule>> rules,
      List<Integer> owners,
      List<Integer> srvIds,
      List<Boolean> up,
      List<String> descriptions,
      int lossless) {
    SortedMap<String, VsiConfig> vsis = new TreeMap<>();
    SortedMap<String, AclConfig> acls = new TreeMap<>();
    for (int t = 0; t < TENANTS.size(); t++) {
      if (present.get(t)) {
        VsiConfig vsi = VsiConfig.forTenant(TENANTS.get(t), new Vni(vnis.get(t)));
        vsis.put(vsi.name(), vsi);
        String acl = SwitchModel.tenantAcl(TENANTS.get(t));
        acls.put(acl, new AclConfig(acl, rules.get(t)));
      }
    }
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(PortOrder.NATURAL);
    for (int n = 1; n <= PORTS; n++) {
      PortName p = PortName.fourHundred(n);
      int owner = owners.get(n - 1) - 1;
      if (owner < 0 || !present.get(owner)) {
        ports.put(p, PortConfig.scrubbed(p));
        continue;
      }
      String tenant = TENANTS.get(owner);
      ports.put(
          p,
          new PortConfig(
              p,
              up.get(n - 1),
              descriptions.get(n - 1),
              Optional.of(new ServiceBinding(srvIds.get(n - 1), "t-" + tenant)),
              Optional.of(SwitchModel.tenantAcl(tenant))));
    }
    LosslessBaseline baseline =
        lossless == 0 ? LosslessBaseline.none() : LosslessBaseline.roce(2 + lossless);
    TreeSet<PortName> uplinks = new TreeSet<>(PortOrder.NATURAL);
    uplinks.add(PortName.fourHundred(33));
    return new DeviceConfig(
        Fixtures.LEAF, SwitchRole.LEAF, baseline.withPorts(uplinks), vsis, ports, acls);
  }

  private static String describe(List<EditStep> plan) {
    List<String> steps = new ArrayList<>();
    for (EditStep s : plan) {
      steps.add(s.describe());
    }
    return String.join(", ", steps);
  }
}
