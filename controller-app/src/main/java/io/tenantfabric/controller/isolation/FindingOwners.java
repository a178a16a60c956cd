package io.tenantfabric.controller.isolation;

import io.tenantfabric.db.provisioning.TenantPoolRow;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.verify.Evidence;
import io.tenantfabric.model.verify.Finding;
import io.tenantfabric.southbound.comware.ComwareEvidence;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Renders an audit's findings for storage ({@link ComwareEvidence}, one evidence object at a time)
 * and records which tenant, by id, each part names: an evidence line names the owner of the object
 * it renders (the tenant a port is allocated to, a VSI or ACL is named for, a VNI belongs to) and
 * whatever else it mentions ({@link TenantMentions}); the lines of an object of a kind not listed
 * here all name what any of them mentions.
 */
final class FindingOwners {

  private final TenantMentions mentions;

  FindingOwners(TenantMentions mentions) {
    this.mentions = mentions;
  }

  /**
   * For an audit that gave the verifier {@code tenants} (live, with their pools) and in which each
   * switch was expected to run {@code intended} (the intent at its applied generation): who owns
   * which port comes from there, as it did for the verifier. {@code supernet}: the fabric's tenant
   * supernet ({@code a.b.c.d/len}), or null.
   */
  static FindingOwners of(
      Collection<TenantPoolRow> tenants, Collection<DeviceConfig> intended, String supernet) {
    Map<String, Long> names = new HashMap<>();
    Map<Integer, Long> vnis = new HashMap<>();
    Map<Ipv4Prefix, Long> prefixes = new HashMap<>();
    for (TenantPoolRow t : tenants) {
      names.put(t.name(), t.id());
      vnis.put(t.vni(), t.id());
      prefixes.put(Ipv4Prefix.parse(t.prefix()), t.id());
    }
    Map<String, Map<String, Long>> ports = new HashMap<>();
    for (DeviceConfig c : intended) {
      Map<String, Long> owners = ports.computeIfAbsent(c.device().value(), d -> new HashMap<>());
      for (PortConfig p : c.ports().values()) {
        p.binding()
            .map(b -> c.vsis().get(b.vsiName()))
            .map(VsiConfig::tenant)
            .map(names::get)
            .ifPresent(id -> owners.put(p.port().value(), id));
      }
    }
    return new FindingOwners(
        new TenantMentions(
            names, vnis, prefixes, ports, supernet == null ? null : Ipv4Prefix.parse(supernet)));
  }

  /** The tenants, by id, that a tenant object, VNI or port of this audit belongs to. */
  TenantMentions mentions() {
    return mentions;
  }

  List<StoredFinding> store(List<Finding> findings) {
    List<StoredFinding> out = new ArrayList<>(findings.size());
    findings.forEach(f -> out.add(store(f)));
    return out;
  }

  StoredFinding store(Finding f) {
    String sw = f.switchName();
    List<String> lines = new ArrayList<>();
    List<List<Long>> lineTenants = new ArrayList<>();
    for (Evidence e : f.evidence()) {
      List<String> rendered = ComwareEvidence.lines(List.of(e));
      Set<Long> owners = owners(e, sw, rendered);
      for (String line : rendered) {
        Set<Long> named = new TreeSet<>(owners);
        named.addAll(mentions.inLine(line, sw));
        lines.add(line);
        lineTenants.add(atMostTwo(named));
      }
    }
    List<Long> tenantIds = new ArrayList<>(f.tenants().size());
    f.tenants().forEach(t -> tenantIds.add(mentions.named(t)));
    Set<Long> inSummary = mentions.inSummary(f.summary(), sw);
    return new StoredFinding(
        f.kind().name(),
        f.findingClass().name(),
        f.severity().name(),
        sw,
        f.port(),
        f.tenants(),
        f.pending(),
        f.summary(),
        lines,
        tenantIds,
        mentions.port(sw, f.port()),
        atMostTwo(inSummary),
        lineTenants);
  }

  /** Whose object {@code e} is: every line it renders names that tenant. */
  private Set<Long> owners(Evidence e, String sw, List<String> rendered) {
    Set<Long> owners = new TreeSet<>();
    if (e instanceof Evidence.Port p) {
      add(owners, mentions.port(sw, p.port().port().value()));
    } else if (e instanceof Evidence.Vsi v) {
      add(owners, mentions.vsi(v.vsi().name()));
    } else if (e instanceof Evidence.Acl a) {
      add(owners, mentions.acl(a.acl().name()));
    } else if (e instanceof Evidence.Lossless l) {
      add(owners, mentions.port(sw, l.port().value()));
    } else if (e instanceof Evidence.Note) {
      return owners; // words as they came: only what they mention
    } else if (e instanceof Evidence.SegmentPort p) {
      add(owners, mentions.named(p.owner()));
      add(owners, mentions.port(p.switchName(), p.port()));
    } else if (e instanceof Evidence.SegmentCircuit c) {
      add(owners, mentions.port(c.switchName(), c.port()));
    } else if (e instanceof Evidence.SegmentVsi v) {
      add(owners, mentions.vsi(v.vsi()));
    } else if (e instanceof Evidence.SegmentVni v) {
      add(owners, mentions.vni(v.vni()));
    } else if (e instanceof Evidence.VniCarrier c) {
      add(owners, mentions.vsi(c.vsi()));
    } else {
      // an object this class does not know: each of its lines is as private as its most private
      rendered.forEach(line -> owners.addAll(mentions.inLine(line, sw)));
    }
    return owners;
  }

  private static List<Long> atMostTwo(Set<Long> ids) {
    return ids.stream().limit(2).toList();
  }

  private static void add(Set<Long> into, Long id) {
    if (id != null) {
      into.add(id);
    }
  }
}
