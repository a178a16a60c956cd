package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.Fault;
import io.tenantfabric.emulator.FaultType;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.cli.CliInterpreter;
import io.tenantfabric.emulator.datastore.ComwareSchema;
import io.tenantfabric.emulator.datastore.Datastore;
import io.tenantfabric.emulator.datastore.EditEngine;
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
import io.tenantfabric.emulator.topology.SwitchLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.w3c.dom.Element;

/**
 * One emulated S9825-64D. Every state change happens under the device's monitor, so RPCs of
 * different sessions are serialised as on a real switch; datastores are built on first use.
 */
public final class SwitchDevice implements EmulatedDevice {
  private static final Set<String> L2VPN_MODULES = Set.of("L2VPN", "VXLAN");
  private static final AtomicInteger SESSION_IDS = new AtomicInteger();

  private final SwitchLayout layout;
  private final String host;
  private final Profile profile;
  private final boolean advertiseBase11;
  private final String hostKeySha256;
  private final EmulatorRuntime runtime;
  private final Transport transport;
  private final Schema schema = ComwareSchema.get();
  private final FaultBox faults = new FaultBox();
  private final Map<Integer, DeviceSession> sessions = new LinkedHashMap<>();
  private final Map<String, Datastore> files = new LinkedHashMap<>();

  private int port;
  private volatile long baseDelayMs;
  private boolean listening;
  private Datastore running;
  private Datastore candidate;
  private boolean candidateDirty;
  private Integer runningLock;
  private Integer candidateLock;
  private DeviceSession faultSession;
  private SavePointState savePoint;
  private ConfirmedCommitState confirmed;

  /** A device with the given listener; {@code transportFor} gets the device to serve. */
  public SwitchDevice(
      SwitchLayout layout,
      String host,
      int port,
      Profile profile,
      boolean advertiseBase11,
      String hostKeySha256,
      EmulatorRuntime runtime,
      Function<SwitchDevice, Transport> transportFor) {
    this.layout = layout;
    this.host = host;
    this.port = port;
    this.profile = profile;
    this.advertiseBase11 = advertiseBase11;
    this.hostKeySha256 = hostKeySha256;
    this.runtime = runtime;
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
    return hostKeySha256;
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

  // ---------------------------------------------------------------- lifecycle

  @Override
  public void start() {
    synchronized (this) {
      if (listening) {
        return;
      }
      running = null;
      candidate = null;
      candidateDirty = false;
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
      runningLock = null;
      candidateLock = null;
      faultSession = null;
      running = null;
      candidate = null;
    }
  }

  // ---------------------------------------------------------------- datastores

  private Datastore baseline() {
    Datastore ds = new Datastore(schema);
    TableSpec ifs = schema.table(ComwareSchema.INTERFACES);
    int nextBreakoutIndex = 65;
    for (String p : layout.ports()) {
      Row r = new Row();
      int index;
      if (p.startsWith("FourHundredGigE1/0/")) {
        index = Integer.parseInt(p.substring("FourHundredGigE1/0/".length()));
      } else {
        index = nextBreakoutIndex++;
      }
      r.put("IfIndex", Integer.toString(index));
      r.put("Name", p);
      r.put("AbbreviatedName", CliInterpreter.abbreviate(p));
      r.put("AdminStatus", "1");
      r.put("PortLayer", "1");
      r.put("LinkType", "1");
      r.put("PVID", "1");
      ds.put(ifs, r);
    }
    if ("LEAF".equals(layout.role())) {
      // Day-0 underlay assumed by comware-netconf.md §5: l2vpn enable on every leaf.
      Row base = new Row();
      base.put("Enable", "true");
      ds.put(schema.table(ComwareSchema.L2VPN_BASE), base);
    }
    return ds;
  }

  private Datastore startup() {
    Datastore s = files.get("startup.cfg");
    if (s == null) {
      s = baseline();
      files.put("startup.cfg", s);
    }
    return s;
  }

  /** The running datastore (built from the startup file on first use). */
  public synchronized Datastore running() {
    if (running == null) {
      running = startup().copy();
    }
    return running;
  }

  private Datastore candidate() {
    if (candidate == null) {
      candidate = running().copy();
    }
    return candidate;
  }

  /** The datastore a read names; candidate and startup only where the profile has them. */
  public synchronized Datastore readable(Target t) {
    switch (t) {
      case RUNNING:
        return running();
      case CANDIDATE:
        return candidate();
      default:
        return startup();
    }
  }

  @Override
  public synchronized String runningXml() {
    try {
      String xml =
          SubtreeReader.read(
              running(), null, new ReadRequest(false, false, Namespaces.CONFIG, Set.of()), "");
      return xml.isEmpty() ? "<top xmlns=\"" + Namespaces.CONFIG + "\"/>" : xml;
    } catch (RpcException e) {
      throw new IllegalStateException("reading the whole datastore cannot fail", e);
    }
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

  /** Registers a new NETCONF session; {@code drop} closes its transport abruptly. */
  public synchronized DeviceSession openSession(String user, Runnable drop) {
    DeviceSession s = new DeviceSession(SESSION_IDS.incrementAndGet(), user, drop);
    sessions.put(s.id(), s);
    return s;
  }

  /** Releases everything the session held: locks, save-point (rolled back), unconfirmed commit. */
  public synchronized void sessionEnded(DeviceSession s) {
    if (sessions.remove(s.id()) == null && faultSession != s) {
      return;
    }
    if (savePoint != null && savePoint.owner == s.id()) {
      rollbackSavePoint();
    }
    if (confirmed != null && confirmed.owner == s.id() && confirmed.persist == null) {
      revertConfirmed();
    }
    if (candidateLock != null && candidateLock == s.id()) {
      candidateLock = null;
      if (candidateDirty) {
        candidate = null;
        candidateDirty = false;
      }
    }
    if (runningLock != null && runningLock == s.id()) {
      runningLock = null;
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
    refreshFaultLock();
    Integer holder = t == Target.CANDIDATE ? candidateLock : runningLock;
    if (holder != null && faultSession != null && holder == faultSession.id()) {
      faults.fire(FaultType.HOLD_LOCK);
      int id = holder;
      refreshFaultLock();
      throw DeviceErrors.lockDenied(lockDeniedText(), id);
    }
    if (holder != null) {
      throw DeviceErrors.lockDenied(lockDeniedText(), holder);
    }
    if (t == Target.CANDIDATE && candidateDirty) {
      throw DeviceErrors.lockDenied("The candidate has uncommitted changes.", 0);
    }
    if (t == Target.RUNNING && confirmed != null && confirmed.owner != s.id()) {
      throw DeviceErrors.lockDenied("A confirmed commit is pending.", confirmed.owner);
    }
    if (t == Target.CANDIDATE) {
      candidateLock = s.id();
    } else {
      runningLock = s.id();
    }
  }

  private String lockDeniedText() {
    return profile == Profile.COMWARE7
        ? DeviceErrors.LOCK_DENIED_COMWARE
        : "Lock failed, lock is already held.";
  }

  /** RFC 6241 §7.6; a non-holder gets operation-failed "Unlock Failed" as pyhpecw7 expects. */
  public synchronized void unlock(DeviceSession s, Target t) throws RpcException {
    refreshFaultLock();
    Integer holder = t == Target.CANDIDATE ? candidateLock : runningLock;
    if (holder == null || holder != s.id()) {
      throw new RpcException(
          NetconfError.protocol(
              "operation-failed", "Unlock Failed, the NETCONF lock is not held by this session."));
    }
    if (t == Target.CANDIDATE) {
      candidateLock = null;
    } else {
      runningLock = null;
    }
  }

  /** Takes or releases the internal HOLD_LOCK session's locks as the fault comes and goes. */
  private void refreshFaultLock() {
    boolean active = faults.isActive(FaultType.HOLD_LOCK);
    if (active && faultSession == null) {
      faultSession = new DeviceSession(SESSION_IDS.incrementAndGet(), "fault", () -> {});
      if (runningLock == null) {
        runningLock = faultSession.id();
      }
      if (profile == Profile.RFC6241 && candidateLock == null) {
        candidateLock = faultSession.id();
      }
    } else if (!active && faultSession != null) {
      sessionEnded(faultSession);
      if (runningLock != null && runningLock == faultSession.id()) {
        runningLock = null;
      }
      if (candidateLock != null && candidateLock == faultSession.id()) {
        candidateLock = null;
      }
      faultSession = null;
    }
  }

  /** Edits need the lock when another session holds it (comware: access-denied, RFC: in-use). */
  private void requireWritable(DeviceSession s, Target t) throws RpcException {
    refreshFaultLock();
    Integer holder = t == Target.CANDIDATE ? candidateLock : runningLock;
    if (holder != null && (s == null || holder != s.id())) {
      if (profile == Profile.COMWARE7) {
        throw new RpcException(
            NetconfError.protocol(
                    "access-denied",
                    "Configuration failed because the NETCONF lock is held by another session.")
                .withInfo("session-id", Integer.toString(holder)));
      }
      throw new RpcException(
          NetconfError.protocol("in-use", "The datastore is locked by another session.")
              .withInfo("session-id", Integer.toString(holder)));
    }
  }

  private boolean inTransaction(DeviceSession s) {
    return (runningLock != null && runningLock == s.id())
        || (candidateLock != null && candidateLock == s.id())
        || (savePoint != null && savePoint.owner == s.id());
  }

  // ---------------------------------------------------------------- edit-config

  /**
   * edit-config on {@code t}; returns true when the session must be dropped now (fault
   * DROP_SESSION_MID_TRANSACTION, after the edit was applied).
   */
  public synchronized boolean edit(
      DeviceSession s, Target t, Element config, EditOptions options, String configPath)
      throws RpcException {
    requireWritable(s, t);
    if (options.testOption() != EditOptions.TestOption.TEST_ONLY
        && faults.fire(FaultType.REJECT_NEXT_EDIT)) {
      throw DeviceErrors.failed("The configuration was rejected by the device (injected fault).");
    }
    EditEngine engine = new EditEngine(schema, refusedModules());
    Datastore base = t == Target.CANDIDATE ? candidate() : running();
    EditResult r = engine.apply(base, config, options, configPath);
    if (r.result() != null) {
      if (t == Target.CANDIDATE) {
        candidate = r.result();
        candidateDirty = true;
      } else {
        running = r.result();
      }
    }
    if (!r.errors().isEmpty()) {
      throw new RpcException(r.errors());
    }
    return options.testOption() != EditOptions.TestOption.TEST_ONLY
        && inTransaction(s)
        && faults.fire(FaultType.DROP_SESSION_MID_TRANSACTION);
  }

  /** validate (RFC 6241 §8.6): an inline config is test-only edited against running. */
  public synchronized void validate(Element config, String configPath) throws RpcException {
    EditEngine engine = new EditEngine(schema, refusedModules());
    EditResult r =
        engine.apply(
            running(),
            config,
            new EditOptions(
                io.tenantfabric.emulator.datastore.EditOperation.MERGE,
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
    if (timeoutSeconds < 1 || timeoutSeconds > 65535) {
      throw DeviceErrors.invalid("The confirm-timeout must be 1 to 65535 seconds.");
    }
    if (savePoint != null) {
      throw DeviceErrors.failed(
          savePoint.owner == s.id()
              ? "The current session already has a save-point."
              : "Another session has a save-point.");
    }
    requireWritable(s, Target.RUNNING);
    savePoint = new SavePointState(s.id(), timeoutSeconds, running().copy(), s.user());
    scheduleIdleCheck(s, savePoint);
  }

  private void scheduleIdleCheck(DeviceSession s, SavePointState sp) {
    long dueNanos = s.lastActivityNanos() + TimeUnit.SECONDS.toNanos(sp.timeoutSeconds);
    long delay = Math.max(1, dueNanos - System.nanoTime());
    sp.timer =
        runtime
            .scheduler()
            .schedule(
                () -> {
                  synchronized (SwitchDevice.this) {
                    if (savePoint != sp) {
                      return;
                    }
                    if (System.nanoTime() - s.lastActivityNanos()
                        >= TimeUnit.SECONDS.toNanos(sp.timeoutSeconds)) {
                      rollbackSavePoint();
                    } else {
                      scheduleIdleCheck(s, sp);
                    }
                  }
                },
                delay,
                TimeUnit.NANOSECONDS);
  }

  /** Automatic rollback: to the state at begin, and the save-point is gone. */
  private void rollbackSavePoint() {
    if (savePoint.timer != null) {
      savePoint.timer.cancel(false);
    }
    running = savePoint.beginState.copy();
    savePoint = null;
  }

  private SavePointState ownSavePoint(DeviceSession s) throws RpcException {
    if (savePoint == null || savePoint.owner != s.id()) {
      throw DeviceErrors.failed(DeviceErrors.NO_SAVE_POINT);
    }
    return savePoint;
  }

  /** {@code <save-point><commit>}: a new rollback point; returns its commit-id. */
  public synchronized int savePointCommit(
      DeviceSession s, String label, String comment, boolean force) throws RpcException {
    SavePointState sp = ownSavePoint(s);
    if (sp.points.size() >= SavePointState.MAX_POINTS) {
      if (!force) {
        throw DeviceErrors.failed("The number of save points has reached the upper limit.");
      }
      sp.points.remove(1);
    }
    SavePointState.Point p =
        new SavePointState.Point(
            sp.nextId++, label, comment, Instant.now(), s.user(), running().copy());
    sp.points.add(p);
    return p.id();
  }

  /**
   * {@code <save-point><rollback>} to a commit-id, a commit-index (0 newest), a label, or the
   * latest.
   */
  public synchronized void savePointRollback(
      DeviceSession s, Integer commitId, Integer commitIndex, String label) throws RpcException {
    SavePointState sp = ownSavePoint(s);
    SavePointState.Point target = null;
    if (commitId != null) {
      for (SavePointState.Point p : sp.points) {
        if (p.id() == commitId) {
          target = p;
        }
      }
    } else if (commitIndex != null) {
      int i = sp.points.size() - 1 - commitIndex;
      target = i >= 0 && i < sp.points.size() ? sp.points.get(i) : null;
    } else if (label != null) {
      for (SavePointState.Point p : sp.points) {
        if (label.equals(p.label())) {
          target = p;
        }
      }
    } else {
      target = sp.points.get(sp.points.size() - 1);
    }
    if (target == null) {
      throw DeviceErrors.invalid("The specified save point does not exist.");
    }
    running = target.state().copy();
  }

  /** {@code <save-point><end/>}: confirms the changes and closes the save-point. */
  public synchronized void savePointEnd(DeviceSession s) throws RpcException {
    SavePointState sp = ownSavePoint(s);
    if (faults.fire(FaultType.REJECT_NEXT_COMMIT)) {
      throw DeviceErrors.failed("Failed to end the save-point (injected fault).");
    }
    if (sp.timer != null) {
      sp.timer.cancel(false);
    }
    savePoint = null;
  }

  /** {@code <save-point><get-commits>}: the points, newest last. */
  public synchronized List<String[]> savePointCommits(DeviceSession s) throws RpcException {
    SavePointState sp = ownSavePoint(s);
    List<String[]> out = new ArrayList<>();
    for (SavePointState.Point p : sp.points) {
      out.add(new String[] {Integer.toString(p.id()), p.time().toString(), p.user(), p.label()});
    }
    return out;
  }

  // ---------------------------------------------------------------- files

  /** {@code <save>}: to the named .cfg file, or to the next-startup file. */
  public synchronized void save(String file) throws RpcException {
    files.put(fileName(file), running().copy());
  }

  /** {@code <rollback><file>}: running becomes the file's configuration. */
  public synchronized void rollbackToFile(DeviceSession s, String file) throws RpcException {
    requireWritable(s, Target.RUNNING);
    Datastore f = existingFile(file);
    running = f.copy();
  }

  /** {@code <load><file>}: merges the file's rows into running ([G] semantics). */
  public synchronized void load(DeviceSession s, String file) throws RpcException {
    requireWritable(s, Target.RUNNING);
    Datastore f = existingFile(file);
    Datastore next = running().copy();
    for (TableSpec t : schema.tables()) {
      for (Row r : f.rows(t)) {
        next.put(t, r.copy());
      }
    }
    running = next;
  }

  private Datastore existingFile(String file) throws RpcException {
    Datastore f = files.get(fileName(file));
    if (f == null) {
      throw DeviceErrors.failed("The file " + file + " does not exist.");
    }
    return f;
  }

  private static String fileName(String file) throws RpcException {
    if (file == null || file.isBlank()) {
      return "startup.cfg";
    }
    String f = file.trim();
    if (f.length() > 191 || !f.toLowerCase(java.util.Locale.ROOT).endsWith(".cfg")) {
      throw DeviceErrors.invalid(
          "The file name must end with .cfg and be at most 191 characters: " + f);
    }
    if (f.startsWith("flash:/")) {
      f = f.substring("flash:/".length());
    }
    return f;
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
    if (confirmed != null) {
      if (confirmed.persist != null) {
        if (!confirmed.persist.equals(persistId)) {
          throw DeviceErrors.invalid("The persist-id does not match the pending confirmed commit.");
        }
      } else if (confirmed.owner != s.id()) {
        throw DeviceErrors.failed("A confirmed commit of another session is pending.");
      }
    } else if (persistId != null) {
      throw DeviceErrors.invalid("No confirmed commit is pending for the persist-id.");
    }
    Datastore before = running();
    running = candidate().copy();
    candidateDirty = false;
    if (!confirmedCommit) {
      if (confirmed != null) {
        confirmed.timer.cancel(false);
        confirmed = null;
      }
      return;
    }
    ConfirmedCommitState c =
        confirmed != null
            ? new ConfirmedCommitState(s.id(), persist, confirmed.revertTo)
            : new ConfirmedCommitState(s.id(), persist, before);
    if (confirmed != null) {
      confirmed.timer.cancel(false);
    }
    confirmed = c;
    c.timer =
        runtime
            .scheduler()
            .schedule(
                () -> {
                  synchronized (SwitchDevice.this) {
                    if (confirmed == c) {
                      revertConfirmed();
                    }
                  }
                },
                timeoutSeconds,
                TimeUnit.SECONDS);
  }

  /** {@code <cancel-commit>}: reverts a pending confirmed commit now. */
  public synchronized void cancelCommit(DeviceSession s, String persistId) throws RpcException {
    if (confirmed == null) {
      throw DeviceErrors.failed("No confirmed commit is pending.");
    }
    if (confirmed.persist != null
        ? !confirmed.persist.equals(persistId)
        : confirmed.owner != s.id()) {
      throw DeviceErrors.invalid("The cancel-commit does not match the pending confirmed commit.");
    }
    revertConfirmed();
  }

  private void revertConfirmed() {
    if (confirmed.timer != null) {
      confirmed.timer.cancel(false);
    }
    running = confirmed.revertTo.copy();
    candidate = null;
    candidateDirty = false;
    confirmed = null;
  }

  /** {@code <discard-changes>}: candidate = running. */
  public synchronized void discardChanges() {
    candidate = null;
    candidateDirty = false;
  }

  // ---------------------------------------------------------------- CLI

  /** {@code <CLI><Configuration>} from a NETCONF session (respects another session's lock). */
  public synchronized String cliConfiguration(DeviceSession s, String text) throws RpcException {
    requireWritable(s, Target.RUNNING);
    return new CliInterpreter(running(), name()).configure(text);
  }

  /** {@code <CLI><Execution>}: user-view commands (display ...). */
  public synchronized String cliExecution(String text) {
    return new CliInterpreter(running(), name()).execute(text);
  }

  @Override
  public synchronized String cli(List<String> lines) {
    return new CliInterpreter(running(), name()).configure(String.join("\n", lines));
  }

  // ---------------------------------------------------------------- faults

  @Override
  public void injectFault(Fault f) {
    faults.add(f);
    synchronized (this) {
      refreshFaultLock();
    }
  }

  @Override
  public void clearFaults() {
    faults.clear();
    synchronized (this) {
      refreshFaultLock();
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
