package io.tenantfabric.southbound.session;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.util.List;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.common.util.security.SecurityUtils;
import org.apache.sshd.core.CoreModuleProperties;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;
import org.apache.sshd.server.subsystem.SubsystemFactory;

/**
 * A tiny SSH server for the cases the emulator cannot show (and must not be taught to fake):
 * public-key-only auth, and a netconf subsystem run by a script, e.g. no hello, broken framing, an
 * oversized message, replies nobody asked for, or never reading what the client sends.
 */
final class ScriptedSshServer implements AutoCloseable {

  /** What the switch does on one netconf channel; runs on its own thread. */
  @FunctionalInterface
  interface Script {
    /** {@code in} is what the client sends; leaving it unread keeps the client's window shut. */
    void run(InputStream in, OutputStream out) throws Exception;
  }

  private final SshServer server;

  private ScriptedSshServer(SshServer server) {
    this.server = server;
  }

  /** Starts on 127.0.0.1 and an ephemeral port; only clientKey may log in; writes the text once. */
  static ScriptedSshServer start(KeyPair hostKey, PublicKey clientKey, String script)
      throws IOException {
    SshServer s = base(hostKey, fixedText(script));
    s.setPasswordAuthenticator(null);
    s.setPublickeyAuthenticator(
        (user, key, session) -> "admin".equals(user) && key.equals(clientKey));
    s.start();
    return new ScriptedSshServer(s);
  }

  /**
   * Starts on 127.0.0.1 and an ephemeral port for admin/admin (as the emulator), with this SSH
   * window (bytes the client may send before the script reads them) and this script.
   */
  static ScriptedSshServer withPassword(KeyPair hostKey, long windowBytes, Script script)
      throws IOException {
    SshServer s = base(hostKey, script);
    s.setPasswordAuthenticator(
        (user, password, session) -> "admin".equals(user) && "admin".equals(password));
    CoreModuleProperties.WINDOW_SIZE.set(s, windowBytes);
    s.start();
    return new ScriptedSshServer(s);
  }

  private static SshServer base(KeyPair hostKey, Script script) {
    SshServer s = SshServer.setUpDefaultServer();
    s.setHost("127.0.0.1");
    s.setPort(0);
    s.setKeyPairProvider(KeyPairProvider.wrap(hostKey));
    s.setKeyboardInteractiveAuthenticator(null);
    s.setSubsystemFactories(
        List.of(
            new SubsystemFactory() {
              @Override
              public String getName() {
                return "netconf";
              }

              @Override
              public Command createSubsystem(ChannelSession channel) {
                return new ScriptCommand(script);
              }
            }));
    return s;
  }

  private static Script fixedText(String text) {
    return (in, out) -> {
      if (!text.isEmpty()) {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
      }
    };
  }

  static KeyPair newKeyPair() throws Exception {
    KeyPairGenerator g = SecurityUtils.getKeyPairGenerator("EC");
    g.initialize(256); // nistp256: a curve SSH knows
    return g.generateKeyPair();
  }

  /** Reads the client's bytes until {@code marker} has passed (e.g. the end of its hello). */
  static void skipPast(InputStream in, String marker) throws IOException {
    byte[] m = marker.getBytes(StandardCharsets.UTF_8);
    int matched = 0;
    int b;
    while ((b = in.read()) >= 0) {
      matched = b == m[matched] ? matched + 1 : (b == m[0] ? 1 : 0);
      if (matched == m.length) {
        return;
      }
    }
    throw new IOException("client closed before sending " + marker);
  }

  int port() {
    return server.getPort();
  }

  @Override
  public void close() throws IOException {
    server.stop(true);
  }

  /** Runs the script on its own thread, then keeps the channel open without a word. */
  private static final class ScriptCommand implements Command {
    private final Script script;
    private InputStream in;
    private OutputStream out;
    private Thread thread;

    ScriptCommand(Script script) {
      this.script = script;
    }

    @Override
    public void setInputStream(InputStream in) {
      this.in = in;
    }

    @Override
    public void setOutputStream(OutputStream out) {
      this.out = out;
    }

    @Override
    public void setErrorStream(OutputStream err) {}

    @Override
    public void setExitCallback(ExitCallback callback) {}

    @Override
    public void start(ChannelSession channel, Environment env) {
      thread =
          new Thread(
              () -> {
                try {
                  script.run(in, out);
                } catch (Exception e) {
                  // the client closed the channel, or the test is over
                }
              },
              "scripted-switch");
      thread.setDaemon(true);
      thread.start();
    }

    @Override
    public void destroy(ChannelSession channel) {
      if (thread != null) {
        thread.interrupt();
      }
    }
  }
}
