package io.tenantfabric.demo;

/** A reason the demo cannot start or go on, worded for the person who ran it. */
final class DemoException extends Exception {
  private static final long serialVersionUID = 1L;

  DemoException(String message) {
    super(message);
  }

  DemoException(String message, Throwable cause) {
    super(message, cause);
  }
}
