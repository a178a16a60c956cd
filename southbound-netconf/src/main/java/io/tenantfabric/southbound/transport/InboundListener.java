package io.tenantfabric.southbound.transport;

import java.nio.ByteBuffer;

/**
 * Receives the bytes of the netconf subsystem channel, one delivery at a time, and may pause the
 * flow: while paused nothing more is read, so the switch's SSH window fills and it has to wait.
 */
public interface InboundListener {

  /**
   * Bytes arrived; runs on the SSH I/O thread, or on the thread that called {@link
   * SubsystemChannel#resume()}, and must not block.
   *
   * @return true when every byte was consumed and reading should go on; false to pause: the channel
   *     keeps the unconsumed bytes and delivers them again after {@link SubsystemChannel#resume()}
   */
  boolean onBytes(ByteBuffer bytes);

  /** The channel or the SSH session closed; cause is null for an orderly close or end of data. */
  void onClosed(Throwable cause);
}
