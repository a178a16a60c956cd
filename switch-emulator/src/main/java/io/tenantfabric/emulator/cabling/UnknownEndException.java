package io.tenantfabric.emulator.cabling;

import java.util.NoSuchElementException;

/** A cable end naming a switch, port, server or NIC the fabric does not have. */
public final class UnknownEndException extends NoSuchElementException {
  private static final long serialVersionUID = 1L;

  /** {@code what} is the missing thing as the message names it, e.g. {@code server 'gpu-x'}. */
  public UnknownEndException(String what) {
    super("no " + what);
  }
}
