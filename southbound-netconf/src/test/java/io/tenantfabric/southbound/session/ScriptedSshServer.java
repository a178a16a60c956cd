package io.tenantfabric.southbound.session;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.List;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.common.util.security.SecurityUtils;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;

/**
 * A tiny SSH server for the cases the emulator cannot show: public-key-only auth, a netconf
 * subsystem that sends a fixed script (no hello at all, or broken framing) and then stays silent.
 */
final class ScriptedSshServer implements AutoCloseable {

  private final SshServer server;

  private ScriptedSshServer(SshServer server) {
    this.server = server;
  }

  /** Starts on 127.0.0.1 and an ephemeral port; only clientKey may log in. */
  static ScriptedSshServer start(KeyPair hostKey, PublicKey clientKey, String script)
      throws IOException {
    SshServer s = SshServer.setUpDefaultServer();
    s.setHost("127.0.0.1");
    s.setPort(0);
    s.setKeyPairProvider(KeyPairProvider.wrap(hostKey));
    s.setPasswordAuthenticator(null);
    s.setKeyboardInteractiveAuthenticator(null);
    s.setPublickeyAuthenticator(
        (user, key, session) -> "admin".equals(user) && key.equals(clientKey));
    s.setSubsystemFactories(
        List.of(
            new org.apache.sshd.server.subsystem.SubsystemFactory() {
              @Override
              public String getName() {
                return "netconf";
              }

              @Override
              public Command createSubsystem(ChannelSession channel) {
                return new ScriptCommand(script);
              }
            }));
    s.start();
    return new ScriptedSshServer(s);
  }

  static KeyPair newKeyPair() throws Exception {
    java.security.KeyPairGenerator g = SecurityUtils.getKeyPairGenerator("EC");
    g.initialize(256); // nistp256: a curve SSH knows
    return g.generateKeyPair();
  }

  int port() {
    return server.getPort();
  }

  @Override
  public void close() throws IOException {
    server.stop(true);
  }

  /** Writes the script once, then keeps the channel open without a word. */
  private static final class ScriptCommand implements Command {
    private final String script;
    private OutputStream out;

    ScriptCommand(String script) {
      this.script = script;
    }

    @Override
    public void setInputStream(java.io.InputStream in) {}

    @Override
    public void setOutputStream(OutputStream out) {
      this.out = out;
    }

    @Override
    public void setErrorStream(OutputStream err) {}

    @Override
    public void setExitCallback(ExitCallback callback) {}

    @Override
    public void start(ChannelSession channel, Environment env) throws IOException {
      if (!script.isEmpty()) {
        out.write(script.getBytes(StandardCharsets.UTF_8));
        out.flush();
      }
    }

    @Override
    public void destroy(ChannelSession channel) {}
  }
}
