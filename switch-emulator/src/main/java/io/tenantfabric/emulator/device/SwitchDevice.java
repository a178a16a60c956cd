package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.cli.CliInterpreter;
import io.tenantfabric.emulator.cli.DeviceFacts;
import io.tenantfabric.emulator.cli.PortSplit;
import io.tenantfabric.emulator.datastore.ComwareSchema;
import io.tenantfabric.emulator.datastore.Datastore;
import io.tenantfabric.emulator.datastore.EditEngine;
import io.tenantfabric.emulator.datastore.EditOperation;
import io.tenantfabric.emulator.datastore.EditOptions;
import io.tenantfabric.emulator.datastore.EditResult;
import io.tenantfabric.emulator.datastore.Namespaces;
import io.tenantfabric.emulator.datastore.NetconfError;
import io.tenantfabric.emulator.datastore.ReadRequest;
import io.tenantfabric.emulator.datastore.Row;
import io.tenantfabric.emulator.datastore.RpcException;
import io.tenantfabric.emulator.datastore.Schema;
import io.tenantfabric.emulator.datastore.SubtreeReader;
import io.tenantfabric.emulator.datastore.TableSpec;
import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import io.tenantfabric.emulator.identity.MacAddresses;
import io.tenantfabric.emulator.identity.SerialNumbers;
import io.tenantfabric.emulator.lldp.Advertisement;
import io.tenantfabric.emulator.lldp.LldpAgent;
import io.tenantfabric.emulator.lldp.PortLink;
import io.tenantfabric.emulator.topology.SwitchLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.w3c.dom.Element;

/**
 * One emulated S9825-64D. Every state change happens under the device's monitor, so RPCs of
 * different sessions are serialised as on a real switch; datastores are built on first use. What
 * its cables hear is asked of the {@link Surroundings} before the monitor is taken, never under it,
 * so that two switches reading each other cannot deadlock.
 */
public final class SwitchDevice implements EmulatedDevice {
  private static final Set<String> L2VPN_MODULES = Set.of("L2VPN", "VXLAN");
  private static final AtomicInteger SESSION_IDS = new AtomicInteger();

  private final SwitchLayout layout;
  private final String host;
  private final Profile profile;
  private final boolean advertiseBase11;
  private final Transport transport;
  private final int maxSessions;
  private final Surroundings surroundings;
  private final Clock clock;
  private final Schema schema = ComwareSchema.get();
  private final FaultBox faults = new FaultBox();
  // Guarded by this device's monitor, as are the helpers below (none of them is thread-safe).
  private final Map<Integer, DeviceSession> sessions = new LinkedHashMap<>();
  private final ConfigFiles files;
  private final Datastores datastores;
  private final LockTable locks;
  private final HeldLockFault heldLock;
  private final SavePoints savePoints;
  private final ConfirmedCommits confirmedCommits;

  private int port;
  private volatile long baseDelayMs;
  private boolean listening;
  private volatile boolean installed = true;
  private volatile Identity identity;
  private int wipes;
  private Instant boot;
  private final LldpAgent lldp;

  /**
   * A device with the given listener, identity and surroundings, booted with its day-0
   * configuration; {@code transportFor} gets the device to serve; at most {@code maxSessions}
   * NETCONF sessions at a time.
   */
  public SwitchDevice(
      SwitchLayout layout,
      String host,
      int port,
      Profile profile,
      boolean advertiseBase11,
      Identity identity,
      int maxSessions,
      EmulatorRuntime runtime,
      Surroundings surroundings,
      Function<SwitchDevice, Transport> transportFor) {
    this.layout = layout;
    this.maxSessions = maxSessions;
    this.host = host;
    this.port = port;
    this.profile = profile;
    this.advertiseBase11 = advertiseBase11;
    this.identity = identity;
    this.surroundings = surroundings;
    this.clock = runtime.clock();
    this.boot = clock.instant();
    this.lldp = new LldpAgent(boot);
    this.files =
        new ConfigFiles(
            () -> {
              Datastore ds = Baseline.factory(layout, schema);
              Day0.apply(layout, ds);
              return ds;
            });
    this.datastores = new Datastores(files);
    this.locks = new LockTable(profile);
    this.heldLock =
        new HeldLockFault(
            faults,
            locks,
            profile == Profile.RFC6241,
            SESSION_IDS::incrementAndGet,
            this::sessionEnded);
    this.savePoints = new SavePoints(this, runtime.scheduler(), datastores);
    this.confirmedCommits = new ConfirmedCommits(this, runtime.scheduler(), datastores);
    this.transport = transportFor.apply(this);
  }

  @Override
  public String name() {
    return layout.name();
  }

  @Override
  public String role() {
    return layout.role();
  }

  @Override
  public String host() {
    return host;
  }

  @Override
  public synchronized int port() {
    return port;
  }

  @Override
  public String hostKeySha256() {
    return identity.hostKeySha256();
  }

  /** The SSH host key the transport serves (a new one after each wipe). */
  public KeyPair hostKey() {
    return identity.hostKey();
  }

  @Override
  public String serialNumber() {
    return identity.serialNumber();
  }

  /** The bridge MAC ({@code xxxx-xxxx-xxxx}): the LLDP chassis ID, derived from the serial. */
  public String bridgeMac() {
    return MacAddresses.bridge(identity.serialNumber());
  }

  @Override
  public synchronized String hostName() {
    return hostName(datastores.running());
  }

  @Override
  public synchronized boolean day0Applied() {
    return Day0.isApplied(layout, datastores.running());
  }

  /** What the switch's day-0 configuration is made of: its layout. */
  public SwitchLayout layout() {
    return layout;
  }

  public Profile profile() {
    return profile;
  }

  public boolean advertiseBase11() {
    return advertiseBase11;
  }

  public Schema schema() {
    return schema;
  }

  public synchronized boolean listening() {
    return listening;
  }

  /**
   * False for a switch of the plan that is not yet racked and powered: it does not listen, start
   * and wipe refuse, and it advertises nothing, until {@link #install}.
   */
  public boolean installed() {
    return installed;
  }

  /**
   * Marks a switch that has never started as not yet installed (a fabric that is to grow holds it
   * in its plan); an IllegalStateException once it listens.
   */
  public synchronized void notInstalled() {
    if (listening) {
      throw new IllegalStateException(name() + " listens: it is installed");
    }
    installed = false;
  }

  /**
   * Racks and powers a switch that was not installed: a factory-fresh unit (as {@link #wipe} leaves
   * one, day-0 missing) with {@code unit}'s key and serial, listening on its address. An
   * IllegalStateException when it is already installed; when it cannot listen, it stays out.
   */
  public void install(Identity unit) {
    synchronized (this) {
      if (installed) {
        throw new IllegalStateException(name() + " is already installed");
      }
      installed = true;
    }
    try {
      becomeUnit(unit, 0);
    } catch (RuntimeException e) {
      synchronized (this) {
        installed = false;
      }
      throw e;
    }
  }

  // ---------------------------------------------------------------- lifecycle

  @Override
  public void start() {
    synchronized (this) {
      if (listening) {
        return;
      }
      requireInstalled();
      datastores.reset();
    }
    try {
      int bound = transport.open(host, port());
      synchronized (this) {
        port = bound;
        listening = true;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot listen on " + host + ":" + port() + " for " + name(), e);
    }
  }

  @Override
  public void stop() {
    synchronized (this) {
      if (!listening) {
        return;
      }
      listening = false;
    }
    transport.close();
    synchronized (this) {
      for (DeviceSession s : new ArrayList<>(sessions.values())) {
        sessionEnded(s);
      }
      sessions.clear();
      locks.clear();
      heldLock.forget();
      datastores.unload();
    }
  }

  /**
   * A new unit in the same rack: a new host key and serial number (from the surroundings), the
   * factory configuration in running and no saved one, every session dropped; it boots at once and
   * listens on the same address with the same credentials. Cables stay where they are.
   */
  @Override
  public void wipe() {
    int next;
    synchronized (this) {
      requireInstalled();
      next = wipes + 1;
    }
    becomeUnit(surroundings.renew(name(), next), next);
  }

  private void requireInstalled() {
    if (!installed) {
      throw new IllegalStateException(name() + " is not installed");
    }
  }

  /**
   * Stops, becomes the factory-fresh unit {@code fresh} (wiped {@code wipeCount} times so far),
   * starts.
   */
  private void becomeUnit(Identity fresh, int wipeCount) {
    stop();
    synchronized (this) {
      wipes = wipeCount;
      identity = fresh;
      boot = clock.instant();
      lldp.restart(boot);
      confirmedCommits.forget();
      files.wipe(() -> Baseline.factory(layout, schema));
      datastores.reset();
    }
    start();
  }

  /**
   * The installer's day-0 configuration of the layout, applied to running and saved as the startup
   * file; out of band (NETCONF locks do not apply), and applying it twice changes nothing. An
   * IllegalStateException when a line fails (a port to split still carries configuration).
   */
  @Override
  public synchronized void day0() {
    Datastore next = datastores.running().copy();
    List<PortSplit> splits = Day0.apply(layout, next);
    datastores.running(next);
    surroundings.followBreakouts(name(), splits);
    try {
      files.save(null, next::copy);
    } catch (RpcException e) {
      throw new IllegalStateException("the startup file always has a valid name", e);
    }
  }

  // ---------------------------------------------------------------- datastores

  /** The running datastore (built from the startup file on first use). */
  public synchronized Datastore running() {
    return datastores.running();
  }

  /** The datastore a read names; candidate and startup only where the profile has them. */
  public synchronized Datastore datastore(Target t) {
    return switch (t) {
      case RUNNING -> datastores.running();
      case CANDIDATE -> datastores.candidate();
      case STARTUP -> files.startup();
    };
  }

  /**
   * A copy of the datastore a read names, taken under the monitor; reads filter the copy after the
   * monitor is released, so a slow filter never blocks edits, the control API or {@link #stop()}.
   */
  public synchronized Datastore snapshot(Target t) {
    return datastore(t).copy();
  }

  @Override
  public String runningXml() {
    try {
      String xml =
          SubtreeReader.read(
              snapshot(Target.RUNNING),
              null,
              new ReadRequest(false, false, Namespaces.CONFIG, Set.of()),
              "");
      return xml.isEmpty() ? "<top xmlns=\"" + Namespaces.CONFIG + "\"/>" : xml;
    } catch (RpcException e) {
      throw new IllegalStateException("reading the whole datastore cannot fail", e);
    }
  }

  /**
   * Running with the state a {@code get} reads filled in: each interface's OperStatus (1 when it
   * has a cable and is administratively up), the LLDP neighbours, {@code Device/Base} uptime and
   * clock, {@code LLDP/Inventory}. A private copy: callers read it without the monitor.
   */
  public Datastore stateView() {
    return stateView(true);
  }

  /**
   * {@link #stateView()}, without the LLDP neighbours unless {@code neighbours}: a read that names
   * no LLDP table then asks no other switch.
   */
  public Datastore stateView(boolean neighbours) {
    Map<String, PortLink> links = surroundings.links(name(), neighbours);
    synchronized (this) {
      return StateView.of(datastores.running(), links, neighbours ? lldp : null, stateFacts());
    }
  }

  /** What port {@code portName} of this switch advertises over LLDP now; empty when LLDP is off. */
  public synchronized Optional<Advertisement> advertisement(String portName) {
    if (!installed) {
      return Optional.empty();
    }
    Datastore ds = datastores.running();
    if (!StateView.lldpEnabled(ds)) {
      return Optional.empty();
    }
    return ds.find(schema.table(ComwareSchema.INTERFACES), "Name", portName)
        .map(r -> new Advertisement(hostName(ds), bridgeMac(), r.get("AbbreviatedName")));
  }

  private StateView.Facts stateFacts() {
    Instant now = clock.instant();
    return new StateView.Facts(identity.serialNumber(), Duration.between(boot, now), now);
  }

  /**
   * The links the CLI {@code text} needs: with what the far ends advertise only when it may display
   * LLDP neighbours, which takes the word {@code lldp} (the CLI knows no abbreviation of it), so
   * that {@code display current-configuration} asks no other switch; else null.
   */
  private Map<String, PortLink> linksFor(String text) {
    return text.contains("lldp") ? surroundings.links(name(), true) : null;
  }

  /**
   * What the CLI displays show beside the configuration; {@code links} were asked before the
   * monitor, null when the text displays no neighbours.
   */
  private DeviceFacts displayFacts(Map<String, PortLink> links) {
    Datastore ds = datastores.running();
    Instant now = clock.instant();
    return new DeviceFacts(
        identity.serialNumber(),
        bridgeMac(),
        SerialNumbers.manufacturingDate(identity.serialNumber()),
        Duration.between(boot, now),
        links == null
            ? List.of()
            : lldp.neighbours(StateView.lldpEnabled(ds), StateView.ports(ds), links, now));
  }

  private static String hostName(Datastore ds) {
    return ds.row(ds.schema().table(ComwareSchema.DEVICE_BASE), List.of())
        .map(r -> r.get("HostName"))
        .orElse(ComwareSchema.FACTORY_SYSNAME);
  }

  /** Modules answered with unknown-element because of REFUSE_L2VPN_XML. */
  public Set<String> refusedModules() {
    return faults.isActive(FaultType.REFUSE_L2VPN_XML) ? L2VPN_MODULES : Set.of();
  }

  /** Counts one refused RPC against REFUSE_L2VPN_XML. */
  public void consumeRefusal() {
    faults.fire(FaultType.REFUSE_L2VPN_XML);
  }

  // ---------------------------------------------------------------- sessions

  /**
   * Registers a new NETCONF session; {@code drop} closes its transport abruptly. Refused above
   * {@code maxSessions}, however many SSH connections carry them (one connection may open several
   * netconf channels).
   */
  public synchronized DeviceSession openSession(String user, Runnable drop)
      throws TooManySessionsException {
    if (sessions.size() >= maxSessions) {
      throw new TooManySessionsException(name(), maxSessions);
    }
    DeviceSession s = new DeviceSession(SESSION_IDS.incrementAndGet(), user, drop);
    sessions.put(s.id(), s);
    return s;
  }

  /** Releases everything the session held: locks, save-point (rolled back), unconfirmed commit. */
  public synchronized void sessionEnded(DeviceSession s) {
    if (sessions.remove(s.id()) == null && !heldLock.is(s)) {
      return;
    }
    savePoints.sessionEnded(s);
    confirmedCommits.sessionEnded(s);
    if (locks.releaseAll(s.id()) && datastores.candidateDirty()) {
      datastores.discardCandidate();
    }
  }

  /**
   * Refuses a lock or a write from a session that has ended: an RPC still queued (or delayed) when
   * its client went away would otherwise take a lock, a save-point or a dirty candidate that
   * nothing ever releases, as {@link #sessionEnded} ran before it. Nobody reads the reply.
   */
  private void requireOpen(DeviceSession s) throws RpcException {
    if (!sessions.containsKey(s.id())) {
      throw new RpcException(
          NetconfError.application("operation-failed", "The session has ended."));
    }
  }

  /** RFC 6241 §7.9. */
  public void kill(DeviceSession by, int id) throws RpcException {
    DeviceSession victim;
    synchronized (this) {
      if (id == by.id()) {
        throw new RpcException(
            NetconfError.protocol("invalid-value", "A session cannot kill itself.")
                .withInfo("bad-element", "session-id"));
      }
      victim = sessions.get(id);
      if (victim == null) {
        throw new RpcException(
            NetconfError.protocol("invalid-value", "The session " + id + " does not exist.")
                .withInfo("bad-element", "session-id"));
      }
      sessionEnded(victim);
    }
    victim.drop();
  }

  public synchronized List<DeviceSession> sessions() {
    return new ArrayList<>(sessions.values());
  }

  // ---------------------------------------------------------------- locks

  /** RFC 6241 §7.5 with Comware's lock-denied text. */
  public synchronized void lock(DeviceSession s, Target t) throws RpcException {
    requireOpen(s);
    heldLock.refresh();
    Integer holder = locks.holder(t);
    if (heldLock.holds(holder)) {
      faults.fire(FaultType.HOLD_LOCK);
      int id = holder;
      heldLock.refresh();
      throw DeviceErrors.lockDenied(locks.deniedText(), id);
    }
    if (holder != null) {
      throw DeviceErrors.lockDenied(locks.deniedText(), holder);
    }
    if (t == Target.CANDIDATE && datastores.candidateDirty()) {
      throw DeviceErrors.lockDenied("The candidate has uncommitted changes.", 0);
    }
    if (t == Target.RUNNING) {
      confirmedCommits.checkRunningLockable(s);
    }
    locks.take(t, s.id());
  }

  /** RFC 6241 §7.6; a non-holder gets operation-failed "Unlock Failed" as pyhpecw7 expects. */
  public synchronized void unlock(DeviceSession s, Target t) throws RpcException {
    heldLock.refresh();
    locks.unlock(t, s.id());
  }

  /**
   * Edits need the lock when another session holds it (comware: access-denied, RFC: in-use), and a
   * session that has not ended: every write (edit, CLI, file, save-point, commit) passes here.
   */
  private void requireWritable(DeviceSession s, Target t) throws RpcException {
    requireOpen(s);
    heldLock.refresh();
    locks.requireWritable(s, t);
  }

  private boolean inTransaction(DeviceSession s) {
    return locks.holds(Target.RUNNING, s.id())
        || locks.holds(Target.CANDIDATE, s.id())
        || savePoints.ownedBy(s.id());
  }

  // ---------------------------------------------------------------- edit-config

  /** edit-config on {@code t}; what the session does next is the outcome's. */
  public synchronized EditOutcome edit(
      DeviceSession s, Target t, Element config, EditOptions options, String configPath)
      throws RpcException {
    requireWritable(s, t);
    if (options.testOption() != EditOptions.TestOption.TEST_ONLY
        && faults.fire(FaultType.REJECT_NEXT_EDIT)) {
      throw DeviceErrors.failed("The configuration was rejected by the device (injected fault).");
    }
    EditEngine engine = new EditEngine(schema, refusedModules());
    Datastore base = t == Target.CANDIDATE ? datastores.candidate() : datastores.running();
    EditResult r = engine.apply(base, config, options, configPath);
    if (r.result() != null) {
      if (t == Target.CANDIDATE) {
        datastores.editedCandidate(r.result());
      } else {
        datastores.running(r.result());
      }
    }
    if (!r.errors().isEmpty()) {
      throw new RpcException(r.errors());
    }
    boolean drop =
        options.testOption() != EditOptions.TestOption.TEST_ONLY
            && inTransaction(s)
            && faults.fire(FaultType.DROP_SESSION_MID_TRANSACTION);
    return drop ? EditOutcome.APPLIED_THEN_DROP_SESSION : EditOutcome.APPLIED;
  }

  /** validate (RFC 6241 §8.6): an inline config is test-only edited against running. */
  public synchronized void validate(Element config, String configPath) throws RpcException {
    EditEngine engine = new EditEngine(schema, refusedModules());
    EditResult r =
        engine.apply(
            running(),
            config,
            new EditOptions(
                EditOperation.MERGE,
                EditOptions.TestOption.TEST_ONLY,
                EditOptions.ErrorOption.STOP_ON_ERROR),
            configPath);
    if (!r.errors().isEmpty()) {
      throw new RpcException(r.errors());
    }
  }

  // ---------------------------------------------------------------- save-point (comware7)

  /** {@code <save-point><begin>}: arms the idle/disconnect rollback. */
  public synchronized void savePointBegin(DeviceSession s, long timeoutSeconds)
      throws RpcException {
    savePoints.checkBegin(s, timeoutSeconds);
    requireWritable(s, Target.RUNNING);
    savePoints.begin(s, timeoutSeconds);
  }

  /** {@code <save-point><commit>}: a new rollback point; returns its commit-id. */
  public synchronized int savePointCommit(
      DeviceSession s, String label, String comment, boolean force) throws RpcException {
    return savePoints.commit(s, label, comment, force);
  }

  /**
   * {@code <save-point><rollback>} to a commit-id, a commit-index (0 newest), a label, or the
   * latest.
   */
  public synchronized void savePointRollback(
      DeviceSession s, Integer commitId, Integer commitIndex, String label) throws RpcException {
    savePoints.rollback(s, commitId, commitIndex, label);
  }

  /** {@code <save-point><end/>}: confirms the changes and closes the save-point. */
  public synchronized void savePointEnd(DeviceSession s) throws RpcException {
    SavePointState sp = savePoints.own(s);
    if (faults.fire(FaultType.REJECT_NEXT_COMMIT)) {
      throw DeviceErrors.failed("Failed to end the save-point (injected fault).");
    }
    savePoints.end(sp);
  }

  /** {@code <save-point><get-commits>}: the points, newest last. */
  public synchronized List<String[]> savePointCommits(DeviceSession s) throws RpcException {
    return savePoints.commits(s);
  }

  // ---------------------------------------------------------------- files

  /** {@code <save>}: to the named .cfg file, or to the next-startup file. */
  public synchronized void save(String file) throws RpcException {
    files.save(file, () -> datastores.running().copy());
  }

  /** {@code <rollback><file>}: running becomes the file's configuration. */
  public synchronized void rollbackToFile(DeviceSession s, String file) throws RpcException {
    requireWritable(s, Target.RUNNING);
    Datastore f = files.existing(file);
    datastores.running(f.copy());
  }

  /** {@code <load><file>}: merges the file's rows into running ([G] semantics). */
  public synchronized void load(DeviceSession s, String file) throws RpcException {
    requireWritable(s, Target.RUNNING);
    Datastore f = files.existing(file);
    Datastore next = datastores.running().copy();
    for (TableSpec t : schema.tables()) {
      for (Row r : f.rows(t)) {
        next.put(t, r.copy());
      }
    }
    datastores.running(next);
  }

  // ---------------------------------------------------------------- RFC 6241 candidate

  /** {@code <commit>}: plain, confirmed (with persist), or confirming (persist-id). */
  public synchronized void commit(
      DeviceSession s,
      boolean confirmedCommit,
      long timeoutSeconds,
      String persist,
      String persistId)
      throws RpcException {
    requireWritable(s, Target.RUNNING);
    if (faults.fire(FaultType.REJECT_NEXT_COMMIT)) {
      throw DeviceErrors.failed("The commit was rejected by the device (injected fault).");
    }
    confirmedCommits.commit(s, confirmedCommit, timeoutSeconds, persist, persistId);
  }

  /** {@code <cancel-commit>}: reverts a pending confirmed commit now. */
  public synchronized void cancelCommit(DeviceSession s, String persistId) throws RpcException {
    confirmedCommits.cancel(s, persistId);
  }

  /** {@code <discard-changes>}: candidate = running. */
  public synchronized void discardChanges() {
    datastores.discardCandidate();
  }

  // ---------------------------------------------------------------- CLI

  /** {@code <CLI><Configuration>} from a NETCONF session (respects another session's lock). */
  public String cliConfiguration(DeviceSession s, String text) throws RpcException {
    Map<String, PortLink> links = linksFor(text);
    synchronized (this) {
      requireWritable(s, Target.RUNNING);
      return configure(text, links);
    }
  }

  /** {@code <CLI><Execution>}: user-view commands (display ...). */
  public String cliExecution(String text) {
    Map<String, PortLink> links = linksFor(text);
    synchronized (this) {
      return new CliInterpreter(running(), displayFacts(links)).execute(text);
    }
  }

  @Override
  public String cli(List<String> lines) {
    String text = String.join("\n", lines);
    Map<String, PortLink> links = linksFor(text);
    synchronized (this) {
      return configure(text, links);
    }
  }

  /** Runs configuration lines on running; the cables of the cages they split or join follow. */
  private String configure(String text, Map<String, PortLink> links) {
    CliInterpreter cli = new CliInterpreter(running(), displayFacts(links));
    String echo = cli.configure(text);
    surroundings.followBreakouts(name(), cli.splits());
    return echo;
  }

  // ---------------------------------------------------------------- faults

  @Override
  public void injectFault(Fault f) {
    faults.add(f);
    synchronized (this) {
      heldLock.refresh();
    }
  }

  @Override
  public void clearFaults() {
    faults.clear();
    synchronized (this) {
      heldLock.refresh();
    }
  }

  public List<Fault> faults() {
    return faults.snapshot();
  }

  /** The delay to apply before answering the next RPC (--delay-ms plus a DELAY fault). */
  public long nextDelayMs() {
    return baseDelayMs + faults.nextDelayMs();
  }

  /** Latency added to every RPC, independent of faults. */
  public void baseDelayMs(long ms) {
    this.baseDelayMs = ms;
  }

  @Override
  public String toString() {
    return name() + "@" + host + ":" + port;
  }
}
