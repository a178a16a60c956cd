package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.AclAction;
import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortOrder;
import io.tenantfabric.model.device.ServiceBinding;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik arbitraries of valid leaf configs, shared by the driver's and the transaction's properties.
 */
public final class GeneratedConfigs {
  private GeneratedConfigs() {}

  /** Leaf configs: up to 8 tenants on ports 1..32, any baseline, descriptions and srv ids. */
  public static Arbitrary<DeviceConfig> configs() {
    Arbitrary<List<Integer>> tenantPorts =
        Arbitraries.integers().between(1, 32).set().ofMaxSize(8).map(ArrayList::new);
    Arbitrary<LosslessBaseline> lossless =
        Combinators.combine(
                Arbitraries.integers().between(0, 7),
                Arbitraries.of(true, false),
                Arbitraries.of(true, false),
                Arbitraries.of(true, false),
                Arbitraries.of(true, false),
                Arbitraries.of(true, false))
            .as(
                (prio, pfc, ecn, dscp, tunnel, deadlock) ->
                    new LosslessBaseline(prio, pfc, ecn, dscp, tunnel, deadlock && pfc, uplinks()));
    Arbitrary<List<Boolean>> flags = Arbitraries.of(true, false).list().ofSize(32);
    Arbitrary<String> descriptions = Arbitraries.strings().withCharRange('!', '~').ofMaxLength(40);
    return Combinators.combine(
            tenantPorts, lossless, flags, descriptions, Arbitraries.integers().between(1, 4096))
        .as((ports, baseline, up, desc, srv) -> build(ports, baseline, up, desc, srv));
  }

  private static DeviceConfig build(
      List<Integer> tenantPorts,
      LosslessBaseline baseline,
      List<Boolean> up,
      String desc,
      int srv) {
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(PortOrder.NATURAL);
    for (int n = 1; n <= 32; n++) {
      PortName p = PortName.fourHundred(n);
      ports.put(
          p,
          new PortConfig(
              p, up.get(n - 1), n % 3 == 0 ? desc : "", Optional.empty(), Optional.empty()));
    }
    SortedMap<String, VsiConfig> vsis = new TreeMap<>();
    SortedMap<String, AclConfig> acls = new TreeMap<>();
    int i = 0;
    for (int n : tenantPorts) {
      i++;
      String tenant = "tn" + n;
      VsiConfig vsi = VsiConfig.forTenant(tenant, new Vni(16777215 - n * 1000 + i));
      Ipv4Prefix prefix = new Ipv4Prefix((10 << 24) | (n << 16), 16 + (n % 9));
      List<AclRule> rules = new ArrayList<>();
      rules.add(
          new AclRule(
              n,
              AclAction.PERMIT,
              Optional.of(prefix),
              n % 2 == 0 ? Optional.empty() : Optional.of(prefix),
              n % 4 == 0,
              ""));
      rules.add(
          new AclRule(
              65534 - n,
              AclAction.DENY,
              Optional.empty(),
              Optional.of(Fixtures.SUPERNET),
              true,
              ("deny " + desc).strip()));
      AclConfig acl = new AclConfig("t-" + tenant + "-in", rules);
      vsis.put(vsi.name(), vsi);
      acls.put(acl.name(), acl);
      PortName p = PortName.fourHundred(n);
      ports.put(
          p,
          new PortConfig(
              p,
              up.get(n - 1),
              desc,
              Optional.of(new ServiceBinding(srv, vsi.name())),
              n % 5 == 0 ? Optional.empty() : Optional.of(acl.name())));
    }
    return new DeviceConfig(Fixtures.LEAF, SwitchRole.LEAF, baseline, vsis, ports, acls);
  }

  private static TreeSet<PortName> uplinks() {
    TreeSet<PortName> s = new TreeSet<>(PortOrder.NATURAL);
    for (int n = 33; n <= 40; n++) {
      s.add(PortName.fourHundred(n));
    }
    return s;
  }
}
