package io.tenantfabric.emulator.netconf;

import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.sshd.common.Service;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionDisconnectHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs the sessions one switch refuses above {@code --max-sessions}: the first refusal at WARN,
 * later ones at DEBUG, so that a client retrying in a loop cannot flood the log. Also MINA's hook
 * for the SSH connections it refuses (its {@code MAX_CONCURRENT_SESSIONS} check), which then
 * disconnects them with "Too many concurrent connections".
 */
final class SessionCapLog implements SessionDisconnectHandler {
  private static final Logger LOG = LoggerFactory.getLogger(SessionCapLog.class);

  private final String device;
  private final int max;
  private final AtomicBoolean warned = new AtomicBoolean();

  SessionCapLog(String device, int max) {
    this.device = device;
    this.max = max;
  }

  /** Notes one refusal of {@code what} ("an SSH connection ...", "a NETCONF session ..."). */
  void refused(String what) {
    if (warned.compareAndSet(false, true)) {
      LOG.warn(
          "{}: refused {}: at most {} per switch (--max-sessions); further refusals on this switch"
              + " are logged at debug",
          device,
          what,
          max);
    } else {
      LOG.debug("{}: refused {} (--max-sessions {})", device, what, max);
    }
  }

  @Override
  public boolean handleSessionsCountDisconnectReason(
      Session session, Service service, String username, int currentSessionCount, int maxCount) {
    refused("an SSH connection from " + session.getRemoteAddress());
    return false; // false: MINA disconnects it (SSH2_DISCONNECT_TOO_MANY_CONNECTIONS)
  }
}
