package io.tenantfabric.southbound.transport;

import java.net.SocketAddress;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.RejectAllServerKeyVerifier;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.AttributeRepository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one ServerKeyVerifier of the shared SSH client: applies the HostKeyPolicy that the connection
 * carries in its context and records why a key was refused.
 */
final class PolicyServerKeyVerifier implements ServerKeyVerifier {

  static final AttributeRepository.AttributeKey<Check> CHECK =
      new AttributeRepository.AttributeKey<>();

  private static final Logger LOG = LoggerFactory.getLogger(PolicyServerKeyVerifier.class);

  private final Map<Path, KnownHostsServerKeyVerifier> knownHosts = new ConcurrentHashMap<>();

  /** The policy and target of one connection, and the refusal reason once known. */
  record Check(SshTarget target, HostKeyPolicy policy, AtomicReference<String> rejection) {}

  @Override
  public boolean verifyServerKey(ClientSession session, SocketAddress remote, PublicKey key) {
    Check check =
        session.getConnectionContext() == null
            ? null
            : session.getConnectionContext().getAttribute(CHECK);
    if (check == null) {
      LOG.error("SSH connection to {} without a host-key policy: refused", remote);
      return false;
    }
    String reason = verdict(check, remote, session, key);
    if (reason != null) {
      check.rejection().set(reason);
      LOG.error("{}: host key refused: {}", check.target().device(), reason);
      return false;
    }
    return true;
  }

  /** Null if accepted, else the reason. */
  private String verdict(Check check, SocketAddress remote, ClientSession session, PublicKey key) {
    HostKeyPolicy policy = check.policy();
    String actual = HostKeyFingerprint.of(key);
    if (policy instanceof HostKeyPolicy.AcceptAny) {
      LOG.warn(
          "{}: INSECURE: accepting host key {} without verification (HostKeyPolicy.acceptAnyInsecure)",
          check.target().device(),
          actual);
      return null;
    }
    if (policy instanceof HostKeyPolicy.PinnedByEndpoint) {
      String pinned = check.target().hostKeySha256();
      if (pinned == null || pinned.isBlank()) {
        return "no pinned fingerprint for the device; got " + actual;
      }
      return pinned.equals(actual) ? null : "got " + actual + ", pinned " + pinned;
    }
    if (policy instanceof HostKeyPolicy.Pinned pinned) {
      return pinned.fingerprints().contains(actual)
          ? null
          : "got " + actual + ", pinned " + pinned.fingerprints();
    }
    if (policy instanceof HostKeyPolicy.KnownHosts kh) {
      KnownHostsServerKeyVerifier verifier =
          knownHosts.computeIfAbsent(
              kh.file(),
              f -> new KnownHostsServerKeyVerifier(RejectAllServerKeyVerifier.INSTANCE, f));
      return verifier.verifyServerKey(session, remote, key)
          ? null
          : "key " + actual + " is not listed for " + remote + " in " + kh.file();
    }
    throw new IllegalStateException("unknown host key policy " + policy);
  }
}
