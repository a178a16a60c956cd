package io.tenantfabric.emulator.control;

/** A client mistake: answered with {@code status} and {@code {"error": message}}. */
final class ApiError extends Exception {
  private static final long serialVersionUID = 1L;
  private final int status;

  ApiError(int status, String message) {
    super(message);
    this.status = status;
  }

  int status() {
    return status;
  }
}
