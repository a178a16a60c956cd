package io.tenantfabric.southbound.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.AclAction;
import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.drift.DriftDetector;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.comware.GeneratedConfigs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The transaction's verification and the reconciler's drift are one comparison: a read-back equals
 * its target exactly when {@link DriftDetector} finds no item, whichever part differs (baseline,
 * VSIs, ports, ACLs), and {@link DifferenceLines} lists each difference as {@link #reference} does,
 * an independent statement of the verification's message.
 */
class VerificationDiffPropertiesTest {

  /** How the second config of a pair differs from the first. */
  enum Change {
    NONE,
    LOSSLESS,
    VSI_VNI,
    VSI_EXTRA,
    PORT_STATE,
    PORT_DESCRIPTION,
    PORT_REMOVED,
    ACL_EXTRA,
    ACL_RULE
  }

  @Property(tries = 500)
  void oneChangedPartIsFoundByBothDiffs(
      @ForAll("configs") DeviceConfig a, @ForAll("changes") Change change) {
    DeviceConfig b = changed(a, change);

    List<String> reference = reference(a, b);
    assertThat(DriftDetector.compare(a, b).isEmpty()).isEqualTo(reference.isEmpty());
    assertThat(reference.isEmpty()).as("%s", change).isEqualTo(change == Change.NONE);
    assertThat(DifferenceLines.of(DriftDetector.compare(a, b))).isEqualTo(reference);
  }

  @Property(tries = 200)
  void anyTwoConfigsDifferForBothDiffsOrForNeither(
      @ForAll("configs") DeviceConfig a, @ForAll("configs") DeviceConfig b) {
    List<String> reference = reference(a, b);
    assertThat(DriftDetector.compare(a, b).isEmpty()).isEqualTo(reference.isEmpty());
    assertThat(DifferenceLines.of(DriftDetector.compare(a, b))).isEqualTo(reference);
  }

  @Provide
  Arbitrary<DeviceConfig> configs() {
    return GeneratedConfigs.configs();
  }

  @Provide
  Arbitrary<Change> changes() {
    return Arbitraries.of(Change.class);
  }

  /**
   * The verification's lines, stated on their own: the baseline, then VSIs, ports and ACLs, each
   * part keyed by the text of its key, every value whole ({@code want X, found absent}).
   */
  static List<String> reference(DeviceConfig target, DeviceConfig actual) {
    List<String> out = new ArrayList<>();
    if (!target.lossless().equals(actual.lossless())) {
      out.add("lossless: want " + target.lossless() + ", found " + actual.lossless());
    }
    compare("vsi", target.vsis(), actual.vsis(), out);
    compare("port", target.ports(), actual.ports(), out);
    compare("acl", target.acls(), actual.acls(), out);
    return out;
  }

  private static <K, V> void compare(
      String kind, Map<K, V> want, Map<K, V> found, List<String> out) {
    TreeMap<String, V> w = new TreeMap<>();
    want.forEach((k, v) -> w.put(k.toString(), v));
    TreeMap<String, V> f = new TreeMap<>();
    found.forEach((k, v) -> f.put(k.toString(), v));
    TreeSet<String> keys = new TreeSet<>(w.keySet());
    keys.addAll(f.keySet());
    for (String k : keys) {
      V wanted = w.get(k);
      V seen = f.get(k);
      if (!Objects.equals(wanted, seen)) {
        out.add(
            kind
                + " "
                + k
                + ": want "
                + (wanted == null ? "absent" : wanted)
                + ", found "
                + (seen == null ? "absent" : seen));
      }
    }
  }

  /** A new config equal to {@code c} but for the one part {@code change} names. */
  private static DeviceConfig changed(DeviceConfig c, Change change) {
    LosslessBaseline lossless = c.lossless();
    SortedMap<String, VsiConfig> vsis = new TreeMap<>(c.vsis());
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(c.ports());
    SortedMap<String, AclConfig> acls = new TreeMap<>(c.acls());
    PortName p1 = PortName.fourHundred(1);
    PortName p3 = PortName.fourHundred(3);
    switch (change) {
      case NONE:
        break;
      case LOSSLESS:
        lossless =
            new LosslessBaseline(
                lossless.rocePriority(),
                lossless.pfcEnabled(),
                lossless.ecnEnabled(),
                !lossless.trustDscp(),
                lossless.trustTunnelDot1p(),
                lossless.deadlockDetection(),
                lossless.ports());
        break;
      case VSI_VNI:
        if (vsis.isEmpty()) {
          return changed(c, Change.VSI_EXTRA);
        }
        VsiConfig first = vsis.get(vsis.firstKey());
        vsis.put(first.name(), new VsiConfig(first.name(), new Vni(1), first.tenant()));
        break;
      case VSI_EXTRA:
        VsiConfig extra = VsiConfig.forTenant("extra", new Vni(2));
        vsis.put(extra.name(), extra);
        break;
      case PORT_STATE:
        PortConfig one = ports.get(p1);
        ports.put(
            p1,
            new PortConfig(p1, !one.adminUp(), one.description(), one.binding(), one.inboundAcl()));
        break;
      case PORT_DESCRIPTION:
        PortConfig three = ports.get(p3);
        String text = three.description().equals("changed") ? "other" : "changed";
        ports.put(
            p3, new PortConfig(p3, three.adminUp(), text, three.binding(), three.inboundAcl()));
        break;
      case PORT_REMOVED:
        ports.remove(ports.lastKey());
        break;
      case ACL_EXTRA:
        acls.put(
            "extra-acl",
            new AclConfig(
                "extra-acl",
                List.of(
                    new AclRule(
                        1, AclAction.DENY, Optional.empty(), Optional.empty(), false, ""))));
        break;
      case ACL_RULE:
        if (acls.isEmpty()) {
          return changed(c, Change.ACL_EXTRA);
        }
        AclConfig acl = acls.get(acls.firstKey());
        List<AclRule> rules = new ArrayList<>(acl.rules());
        AclRule r = rules.get(0);
        rules.set(
            0,
            new AclRule(
                r.id(), r.action(), r.source(), r.destination(), !r.counting(), r.comment()));
        acls.put(acl.name(), new AclConfig(acl.name(), rules));
        break;
      default:
        throw new IllegalArgumentException(change.name());
    }
    return new DeviceConfig(c.device(), c.role(), lossless, vsis, ports, acls);
  }
}
