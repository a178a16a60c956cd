package io.tenantfabric.emulator;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How to start a fabric: preset (a tenant-model preset, or {@code emulator-mini} with 1 spine and 2
 * leaves for tests), bind address, base port (0 = an ephemeral port per switch), credentials,
 * profile, per-RPC delay, leaves only; {@code loopbackIps} gives switch N 127.0.1.N:830, {@code
 * advertiseBase11} false makes the hello offer base:1.0 only, {@code maxSessions} caps the SSH
 * connections and the NETCONF sessions of each switch, {@code advertiseHost} (null: the listening
 * address) is the {@code host} the inventory names, {@code hostKeyDir} (null: fresh keys at every
 * start) keeps each switch's host key in a file there across starts, and {@code installedPreset}
 * (null: every switch installed) names a smaller layout within {@code preset}: only its switches
 * are installed and its cables plugged, the rest of {@code preset} waits for {@link
 * EmulatedFabric#install}, so that a fabric's growth can be tested.
 */
public record EmulatorOptions(
    String preset,
    String bind,
    int basePort,
    String username,
    String password,
    Profile profile,
    long delayMs,
    boolean leavesOnly,
    boolean loopbackIps,
    boolean advertiseBase11,
    int maxSessions,
    String advertiseHost,
    Path hostKeyDir,
    String installedPreset) {

  /** Sessions per switch unless told otherwise: more than any client of this project opens. */
  public static final int DEFAULT_MAX_SESSIONS = 16;

  public EmulatorOptions {
    Objects.requireNonNull(preset, "preset");
    Objects.requireNonNull(bind, "bind");
    Objects.requireNonNull(username, "username");
    Objects.requireNonNull(password, "password");
    Objects.requireNonNull(profile, "profile");
    if (basePort < 0 || basePort > 65535) {
      throw new IllegalArgumentException("basePort must be 0..65535, got " + basePort);
    }
    if (delayMs < 0) {
      throw new IllegalArgumentException("delayMs must be >= 0, got " + delayMs);
    }
    if (maxSessions < 1) {
      throw new IllegalArgumentException("maxSessions must be >= 1, got " + maxSessions);
    }
    if (advertiseHost != null && advertiseHost.isBlank()) {
      throw new IllegalArgumentException("advertiseHost must not be blank");
    }
    if (installedPreset != null && installedPreset.isBlank()) {
      throw new IllegalArgumentException("installedPreset must not be blank");
    }
    if (advertiseHost != null && loopbackIps) {
      // every switch listens on port 830 of its own address: one name cannot reach them all
      throw new IllegalArgumentException("advertiseHost cannot be combined with loopbackIps");
    }
  }

  /** Every field but {@code installedPreset}: every switch of the preset installed. */
  public EmulatorOptions(
      String preset,
      String bind,
      int basePort,
      String username,
      String password,
      Profile profile,
      long delayMs,
      boolean leavesOnly,
      boolean loopbackIps,
      boolean advertiseBase11,
      int maxSessions,
      String advertiseHost,
      Path hostKeyDir) {
    this(
        preset,
        bind,
        basePort,
        username,
        password,
        profile,
        delayMs,
        leavesOnly,
        loopbackIps,
        advertiseBase11,
        maxSessions,
        advertiseHost,
        hostKeyDir,
        null);
  }

  /**
   * The contract's eight-field form (loopback IPs off, base:1.1 advertised, 16 sessions, the
   * listening address in the inventory, fresh host keys).
   */
  public EmulatorOptions(
      String preset,
      String bind,
      int basePort,
      String username,
      String password,
      Profile profile,
      long delayMs,
      boolean leavesOnly) {
    this(
        preset,
        bind,
        basePort,
        username,
        password,
        profile,
        delayMs,
        leavesOnly,
        false,
        true,
        DEFAULT_MAX_SESSIONS,
        null,
        null);
  }

  /** Every setting but the password, so that printing the options never shows it. */
  @Override
  public String toString() {
    return "EmulatorOptions[preset="
        + preset
        + ", bind="
        + bind
        + ", basePort="
        + basePort
        + ", username="
        + username
        + ", profile="
        + profile
        + ", delayMs="
        + delayMs
        + ", leavesOnly="
        + leavesOnly
        + ", loopbackIps="
        + loopbackIps
        + ", advertiseBase11="
        + advertiseBase11
        + ", maxSessions="
        + maxSessions
        + ", advertiseHost="
        + advertiseHost
        + ", hostKeyDir="
        + hostKeyDir
        + ", installedPreset="
        + installedPreset
        + "]";
  }

  /** h3c-s9825-1024, 127.0.0.1, ephemeral ports, admin/admin, comware7, 16 sessions a switch. */
  public static Builder builder() {
    return new Builder();
  }

  /** Mutable builder with the defaults above. */
  public static final class Builder {
    private String preset = "h3c-s9825-1024";
    private String bind = "127.0.0.1";
    private int basePort;
    private String username = "admin";
    private String password = "admin";
    private Profile profile = Profile.COMWARE7;
    private long delayMs;
    private boolean leavesOnly;
    private boolean loopbackIps;
    private boolean advertiseBase11 = true;
    private int maxSessions = DEFAULT_MAX_SESSIONS;
    private String advertiseHost;
    private Path hostKeyDir;
    private String installedPreset;

    public Builder preset(String v) {
      preset = v;
      return this;
    }

    public Builder bind(String v) {
      bind = v;
      return this;
    }

    public Builder basePort(int v) {
      basePort = v;
      return this;
    }

    public Builder username(String v) {
      username = v;
      return this;
    }

    public Builder password(String v) {
      password = v;
      return this;
    }

    public Builder profile(Profile v) {
      profile = v;
      return this;
    }

    public Builder delayMs(long v) {
      delayMs = v;
      return this;
    }

    public Builder leavesOnly(boolean v) {
      leavesOnly = v;
      return this;
    }

    public Builder loopbackIps(boolean v) {
      loopbackIps = v;
      return this;
    }

    public Builder advertiseBase11(boolean v) {
      advertiseBase11 = v;
      return this;
    }

    public Builder maxSessions(int v) {
      maxSessions = v;
      return this;
    }

    public Builder advertiseHost(String v) {
      advertiseHost = v;
      return this;
    }

    public Builder hostKeyDir(Path v) {
      hostKeyDir = v;
      return this;
    }

    /** The smaller layout installed at start (null: all of the preset). */
    public Builder installedPreset(String v) {
      installedPreset = v;
      return this;
    }

    public EmulatorOptions build() {
      return new EmulatorOptions(
          preset,
          bind,
          basePort,
          username,
          password,
          profile,
          delayMs,
          leavesOnly,
          loopbackIps,
          advertiseBase11,
          maxSessions,
          advertiseHost,
          hostKeyDir,
          installedPreset);
    }
  }
}
