package io.tenantfabric.controller.device;

import io.tenantfabric.controller.provision.SwitchReader;
import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.southbound.protocol.NetconfException;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;

/**
 * Live reads of a switch for the views, over a {@link SwitchReader} on sessions of their own (a
 * failed read closes its session, which must never be one the provisioner is using): a switch that
 * cannot be read becomes {@link SwitchUnreadable} (503), or an empty answer where the view can do
 * without it. Never inside a database transaction.
 */
@Component
class LiveReads {

  private static final Logger log = LoggerFactory.getLogger(LiveReads.class);

  private final SwitchReader reader;

  LiveReads(@Qualifier("viewSwitchReader") SwitchReader reader) {
    this.reader = reader;
  }

  /** What {@code sw} runs in the scope of {@code target}; 503 when it cannot be read. */
  SwitchReader.Running read(PendingSwitch sw, DeviceConfig target) {
    try {
      return reader.read(sw, target);
    } catch (RuntimeException e) {
      if (unreachable(e)) {
        throw SwitchUnreadable.of(sw.name(), e);
      }
      throw e;
    }
  }

  /** As {@link #read}, but empty when the switch cannot be read. */
  Optional<SwitchReader.Running> tryRead(PendingSwitch sw, DeviceConfig target) {
    try {
      return Optional.of(reader.read(sw, target));
    } catch (RuntimeException e) {
      if (unreachable(e)) {
        log.info("{}: live read for a view failed: {}", sw.name(), e.getMessage());
        return Optional.empty();
      }
      throw e;
    }
  }

  // as the provisioner classifies it: any NETCONF failure, or one underneath, is the switch's
  private static boolean unreachable(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof NetconfException) {
        return true;
      }
    }
    return false;
  }
}
