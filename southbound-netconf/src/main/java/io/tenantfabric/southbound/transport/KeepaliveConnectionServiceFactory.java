package io.tenantfabric.southbound.transport;

import java.io.IOException;
import java.time.Duration;
import org.apache.sshd.client.session.ClientConnectionServiceFactory;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.Service;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.core.CoreModuleProperties;

/**
 * Applies the per-connection SSH heartbeat before MINA builds the connection service: that service
 * reads the heartbeat properties once, in its constructor, while the session itself is being
 * created (2.17.1), so setting them on the session after connect has no effect.
 */
final class KeepaliveConnectionServiceFactory extends ClientConnectionServiceFactory {

  static final AttributeRepository.AttributeKey<Duration> KEEPALIVE =
      new AttributeRepository.AttributeKey<>();

  /** Missed heartbeat replies before the session is closed. */
  static final int MAX_MISSED_REPLIES = 3;

  @Override
  public Service create(Session session) throws IOException {
    if (session instanceof ClientSession client && client.getConnectionContext() != null) {
      Duration keepalive = client.getConnectionContext().getAttribute(KEEPALIVE);
      if (keepalive != null && !keepalive.isZero()) {
        CoreModuleProperties.HEARTBEAT_INTERVAL.set(session, keepalive);
        CoreModuleProperties.HEARTBEAT_NO_REPLY_MAX.set(session, MAX_MISSED_REPLIES);
      }
    }
    return super.create(session);
  }
}
