package io.tenantfabric.controller.isolation;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.concurrent.DaemonThreads;
import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.observability.FabricMetrics;
import io.tenantfabric.controller.provision.DeviceConfigJson;
import io.tenantfabric.controller.provision.FabricSnapshots;
import io.tenantfabric.controller.provision.SwitchReader;
import io.tenantfabric.controller.provision.SwitchWriters;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.fabric.FabricEntity;
import io.tenantfabric.db.fabric.FabricRepository;
import io.tenantfabric.db.isolation.IsolationAuditRow;
import io.tenantfabric.db.isolation.IsolationAuditStore;
import io.tenantfabric.db.isolation.ObservedPortRow;
import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.db.provisioning.SnapshotReads;
import io.tenantfabric.db.provisioning.StoredConfig;
import io.tenantfabric.db.provisioning.TenantPoolRow;
import io.tenantfabric.model.compile.FabricCompiler;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.verify.AuditInput;
import io.tenantfabric.model.verify.AuditReport;
import io.tenantfabric.model.verify.IsolationVerifier;
import io.tenantfabric.model.verify.PortEvidence;
import io.tenantfabric.model.verify.SwitchObservation;
import io.tenantfabric.model.verify.TenantIdentity;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs one isolation audit: reads every switch in scope in parallel, each while the provisioner
 * does not hold it (its generations, the intent compiled at its applied generation and its running
 * config, consistently), runs the pure verifier over what the switches showed, and stores the
 * result (each finding with the tenants, by id, its parts name: {@link FindingOwners}), what each
 * tenant port showed, and an {@code isolation.audit} event.
 */
@Component
class RunIsolationAudit implements DisposableBean {

  private final IsolationAuditStore audits;
  private final SnapshotReads provisioning;
  private final FabricRepository fabrics;
  private final FabricModels models;
  private final FabricSnapshots snapshots;
  private final SwitchReader reader;
  private final SwitchWriters writers;
  private final AuditTrail audit;
  private final Transactions tx;
  private final Clock clock;
  private final IsolationProperties properties;
  private final JsonMapper json;
  private final FabricMetrics metrics;
  private final ExecutorService readers;

  RunIsolationAudit(
      IsolationAuditStore audits,
      SnapshotReads provisioning,
      FabricRepository fabrics,
      FabricModels models,
      FabricSnapshots snapshots,
      SwitchReader reader,
      SwitchWriters writers,
      AuditTrail audit,
      Transactions tx,
      Clock clock,
      IsolationProperties properties,
      JsonMapper json,
      FabricMetrics metrics) {
    this.metrics = metrics;
    this.audits = audits;
    this.provisioning = provisioning;
    this.fabrics = fabrics;
    this.models = models;
    this.snapshots = snapshots;
    this.reader = reader;
    this.writers = writers;
    this.audit = audit;
    this.tx = tx;
    this.clock = clock;
    this.properties = properties;
    this.json = json;
    this.readers =
        Executors.newFixedThreadPool(
            properties.parallelism(), DaemonThreads.named("isolation-read"));
  }

  @Override
  public void destroy() {
    readers.shutdownNow();
  }

  /** What the audit needs from the database, read in one snapshot. */
  private record Scope(
      Fabric fabric,
      List<TenantPoolRow> tenants,
      List<PendingSwitch> audited,
      List<String> notManaged,
      Map<SwitchName, DeviceConfig> compiled,
      Map<SwitchName, DeviceConfig> context) {}

  /** Runs {@code run} (claimed, RUNNING) to its end; {@code leading}: still the leader. */
  void run(IsolationAuditRow run, BooleanSupplier leading) {
    Instant started = clock.instant();
    Optional<Scope> scope = tx.read(() -> scope(run));
    if (scope.isEmpty()) {
      tx.write(
          () -> {
            audits.fail(run.id(), "no fabric is defined", clock.instant());
            return null;
          });
      return;
    }
    Scope s = scope.get();
    List<Future<SwitchObservation>> reads = new ArrayList<>();
    for (PendingSwitch sw : s.audited()) {
      reads.add(readers.submit(() -> observe(sw, s.compiled().get(new SwitchName(sw.name())))));
    }
    List<SwitchObservation> observed = new ArrayList<>();
    for (Future<SwitchObservation> f : reads) {
      try {
        observed.add(f.get());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while reading switches", e);
      } catch (ExecutionException e) {
        throw new IllegalStateException("a switch read failed unexpectedly", e.getCause());
      }
    }
    Instant read = clock.instant();
    if (!leading.getAsBoolean()) {
      // another instance may have changed switches while these were read: the reads prove nothing
      tx.write(
          () -> {
            audits.fail(
                run.id(), "this instance lost the provisioning lead during the audit", read);
            return null;
          });
      return;
    }
    Map<String, TenantIdentity> tenants = new TreeMap<>();
    Map<String, Long> tenantIds = new HashMap<>();
    for (TenantPoolRow t : s.tenants()) {
      tenants.put(
          t.name(), new TenantIdentity(t.name(), new Vni(t.vni()), Ipv4Prefix.parse(t.prefix())));
      tenantIds.put(t.name(), t.id());
    }
    AuditReport report =
        IsolationVerifier.verify(new AuditInput(s.fabric(), tenants, observed, s.context()));
    Instant verified = clock.instant();
    List<DeviceConfig> intended = new ArrayList<>(s.context().values());
    observed.forEach(o -> intended.add(o.expected()));
    FindingOwners owners =
        FindingOwners.of(s.tenants(), intended, s.fabric().spec().tenantSupernet());
    String findings = json.writeValueAsString(owners.store(report.findings()));
    metrics.isolationFindings(report.counts());
    tx.write(
        () -> {
          Instant now = clock.instant();
          audits.finish(
              run.id(),
              report.status().name(),
              timings(observed.size(), started, read, verified).toString(),
              json.writeValueAsString(new TreeMap<>(report.counts())),
              findings,
              s.notManaged(),
              report.unreadable(),
              now);
          audits.replacePorts(
              observed.stream()
                  .filter(o -> o.observed().isPresent())
                  .map(o -> o.name().value())
                  .toList(),
              ports(run, report.tenantPorts(), tenantIds, owners.mentions(), read));
          audits.prune(now.minus(properties.retention()));
          Map<String, Object> details = new LinkedHashMap<>();
          details.put("audit", run.id().toString());
          details.put("status", report.status().name());
          details.put("switches", observed.size());
          details.put("findings", report.findings().size());
          audit.record(
              new AuditRecord(
                  "isolation.audit",
                  "fabric",
                  run.id().toString(),
                  null,
                  null,
                  report.status().name().equals("CLEAN")
                      ? AuditOutcome.SUCCESS
                      : AuditOutcome.FAILURE,
                  details));
          return null;
        });
  }

  private Optional<Scope> scope(IsolationAuditRow run) {
    Optional<FabricEntity> row = fabrics.findFabric();
    if (row.isEmpty()) {
      return Optional.empty();
    }
    Fabric fabric = models.of(row.get());
    FabricSnapshot snapshot = snapshots.current(fabric);
    Map<String, PendingSwitch> managed = new LinkedHashMap<>();
    provisioning.managedSwitches().forEach(sw -> managed.put(sw.name(), sw));
    TreeSet<String> wanted = new TreeSet<>();
    if (run.scope() == null) {
      fabric.switches().stream().map(Switch::name).map(SwitchName::value).forEach(wanted::add);
    } else {
      wanted.addAll(run.scope());
    }
    List<PendingSwitch> audited = new ArrayList<>();
    List<String> notManaged = new ArrayList<>();
    for (String name : wanted) {
      PendingSwitch sw = managed.get(name);
      if (sw == null) {
        notManaged.add(name);
      } else {
        audited.add(sw);
      }
    }
    List<SwitchName> names = managed.keySet().stream().map(SwitchName::new).toList();
    Map<SwitchName, DeviceConfig> compiled = FabricCompiler.compile(snapshot, names);
    Map<SwitchName, DeviceConfig> context = new TreeMap<>();
    Map<String, StoredConfig> stored =
        provisioning.configs(managed.keySet().stream().filter(n -> !wanted.contains(n)).toList());
    for (PendingSwitch sw : managed.values()) {
      if (!wanted.contains(sw.name())) {
        SwitchName name = new SwitchName(sw.name());
        context.put(name, atApplied(sw, stored.get(sw.name()), compiled.get(name)));
      }
    }
    return Optional.of(
        new Scope(fabric, provisioning.tenantsWithPools(), audited, notManaged, compiled, context));
  }

  /**
   * One switch, read while the provisioner does not hold it: its generations and the intent at its
   * applied generation (the config stored when it was applied), then what it runs.
   */
  private SwitchObservation observe(PendingSwitch listed, DeviceConfig compiledNow) {
    return writers.whileHeld(
        listed.name(),
        () -> {
          PendingSwitch sw =
              tx.read(
                  () ->
                      audits
                          .generations(listed.name())
                          .map(g -> withGenerations(listed, g[0], g[1]))
                          .orElse(listed));
          StoredConfig stored =
              tx.read(() -> provisioning.configs(List.of(sw.name())).get(sw.name()));
          DeviceConfig expected = atApplied(sw, stored, compiledNow);
          try {
            SwitchReader.Running running = reader.read(sw, expected);
            return SwitchObservation.read(
                expected,
                sw.pending(),
                running.config(),
                running.anomalies(),
                running.outboundFilters(),
                running.portLossless());
          } catch (RuntimeException e) {
            String reason = e.getMessage() == null ? e.toString() : e.getMessage();
            return SwitchObservation.unreadable(expected, sw.pending(), reason);
          }
        });
  }

  // the config stored when the switch applied its generation is the intent at that generation;
  // without one (never applied, or a config of another generation), the intent now
  private static DeviceConfig atApplied(
      PendingSwitch sw, StoredConfig stored, DeviceConfig compiledNow) {
    if (stored != null && stored.generation() == sw.appliedGeneration()) {
      return DeviceConfigJson.read(stored.configJson());
    }
    return compiledNow;
  }

  private static PendingSwitch withGenerations(PendingSwitch s, long desired, long applied) {
    return new PendingSwitch(
        s.name(),
        s.role(),
        s.host(),
        s.port(),
        s.username(),
        s.password(),
        s.hostKeySha256(),
        desired,
        applied,
        s.state());
  }

  private ObjectNode timings(int switches, Instant started, Instant read, Instant verified) {
    ObjectNode t = json.createObjectNode();
    t.put("switchesRead", switches);
    t.put("readMs", Duration.between(started, read).toMillis());
    t.put("verifyMs", Duration.between(read, verified).toMillis());
    t.put("totalMs", Duration.between(started, verified).toMillis());
    return t;
  }

  private List<ObservedPortRow> ports(
      IsolationAuditRow run,
      List<PortEvidence> evidence,
      Map<String, Long> ids,
      TenantMentions owners,
      Instant at) {
    List<ObservedPortRow> rows = new ArrayList<>(evidence.size());
    for (PortEvidence p : evidence) {
      Long tenantId = ids.get(p.tenant());
      if (tenantId == null) {
        continue; // a tenant deleted meanwhile: no one to show it to
      }
      ObjectNode o = json.createObjectNode();
      o.put("gpu", p.gpu());
      o.put("adminUp", p.adminUp());
      o.put("vsi", p.vsi());
      o.put("vni", p.vni());
      o.put("inboundAcl", p.inboundAcl());
      o.put("lossless", p.lossless());
      // whose VSI, VNI and ACL the port ran, by id: what the tenant's own view may show of them
      ObjectNode whose = o.putObject("owners");
      putOwner(whose, "vsi", p.vsi() == null ? null : owners.vsi(p.vsi()));
      putOwner(whose, "vni", p.vni() == null ? null : owners.vni(p.vni()));
      putOwner(whose, "inboundAcl", p.inboundAcl() == null ? null : owners.acl(p.inboundAcl()));
      rows.add(new ObservedPortRow(run.id(), tenantId, p.switchName(), p.port(), at, o.toString()));
    }
    return rows;
  }

  private static void putOwner(ObjectNode owners, String field, Long tenant) {
    if (tenant != null) {
      owners.put(field, tenant);
    }
  }
}
