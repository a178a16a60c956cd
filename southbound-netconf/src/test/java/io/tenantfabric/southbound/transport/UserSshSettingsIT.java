package io.tenantfabric.southbound.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyEncryptionContext;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.server.SshServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The switch SSH client takes nothing from the home of the account it runs as: a host entry in
 * {@code ~/.ssh/config} does not move a switch elsewhere, and a key in {@code ~/.ssh} is not
 * offered to it. The client runs in a JVM of its own ({@link UserSshSettingsProbe}) whose {@code
 * user.home} holds those files, because MINA resolves the home once per JVM; the switch is a MINA
 * server in this one that takes {@code admin} with its password or with the planted key, and
 * records every key offered to it.
 */
class UserSshSettingsIT {

  private static final String PASSWORD = "probe-switch-password";

  @TempDir Path home;

  private final KeyPair userKey = newKeyPair();
  private final List<PublicKey> offered = new CopyOnWriteArrayList<>();
  private final List<String> loggedIn = new CopyOnWriteArrayList<>();
  private KeyPair hostKey;
  private SshServer server;

  @BeforeEach
  void startSwitch() throws Exception {
    hostKey = newKeyPair();
    server = SshServer.setUpDefaultServer();
    server.setHost("127.0.0.1");
    server.setPort(0);
    server.setKeyPairProvider(KeyPairProvider.wrap(hostKey));
    server.setKeyboardInteractiveAuthenticator(null);
    server.setPasswordAuthenticator(
        (user, password, session) -> {
          boolean ok = "admin".equals(user) && PASSWORD.equals(password);
          if (ok) {
            loggedIn.add("password");
          }
          return ok;
        });
    server.setPublickeyAuthenticator(
        (user, key, session) -> {
          offered.add(key);
          boolean ok = "admin".equals(user) && key.equals(userKey.getPublic());
          if (ok) {
            loggedIn.add("key");
          }
          return ok;
        });
    server.start();
  }

  @AfterEach
  void stopSwitch() throws Exception {
    server.stop(true);
  }

  @Test
  void aHostEntryInTheUsersSshConfigDoesNotMoveTheSwitch() throws Exception {
    // honoured, it would send the client to 127.0.0.2, where nothing listens
    ssh("config", "Host 127.0.0.1\n  HostName 127.0.0.2\n  Port 1\n  User root\n");

    String outcome = probe(PASSWORD);

    assertThat(loggedIn).as("probe said: %s", outcome).containsExactly("password");
  }

  @Test
  void aKeyInTheUsersSshDirectoryIsNotOfferedToTheSwitch() throws Exception {
    try (OutputStream out = Files.newOutputStream(ssh("id_ecdsa", ""))) {
      OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(
          userKey, "planted", (OpenSSHKeyEncryptionContext) null, out);
    }

    String outcome = probe("not-the-password");

    assertThat(outcome).contains("SshAuthenticationException");
    assertThat(offered).as("keys offered to the switch").isEmpty();
    assertThat(loggedIn).isEmpty();
  }

  /** Writes {@code ~/.ssh/name} (0600, in a 0700 directory) and returns its path. */
  private Path ssh(String name, String content) throws Exception {
    Path dir = home.resolve(".ssh");
    Files.createDirectories(dir);
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    Path file = dir.resolve(name);
    Files.writeString(file, content, StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    return file;
  }

  /** Runs the probe with {@code home} as its home directory; returns its {@code PROBE} line. */
  private String probe(String password) throws Exception {
    ProcessBuilder b =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Duser.home=" + home,
                "-cp",
                System.getProperty("java.class.path"),
                UserSshSettingsProbe.class.getName(),
                "127.0.0.1",
                Integer.toString(server.getPort()),
                HostKeyFingerprint.of(hostKey.getPublic()))
            .redirectErrorStream(true);
    b.environment().put("PROBE_PASSWORD", password);
    b.environment().put("HOME", home.toString());
    Process p = b.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the probe ended: %s", out).isTrue();
    return out.lines()
        .filter(l -> l.startsWith("PROBE "))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no PROBE line in:\n" + out));
  }

  private static KeyPair newKeyPair() {
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
      g.initialize(256); // nistp256: a curve SSH knows
      return g.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
