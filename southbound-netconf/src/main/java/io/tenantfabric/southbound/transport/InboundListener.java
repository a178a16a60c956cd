package io.tenantfabric.southbound.transport;

/** Receives the bytes of the netconf subsystem channel, on the SSH I/O thread; must not block. */
public interface InboundListener {

  /** Bytes arrived from the server. */
  void onBytes(byte[] bytes, int offset, int length);

  /** The channel or the SSH session closed; cause is null for an orderly close. */
  void onClosed(Throwable cause);
}
