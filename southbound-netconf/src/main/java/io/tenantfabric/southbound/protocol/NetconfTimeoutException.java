package io.tenantfabric.southbound.protocol;

import java.time.Duration;

/** A connect, auth, subsystem, hello or RPC step did not finish within its configured timeout. */
public class NetconfTimeoutException extends NetconfException {

  private static final long serialVersionUID = 1L;

  private final String step;
  private final Duration timeout;

  public NetconfTimeoutException(String device, String step, Duration timeout) {
    this(device, step, timeout, null);
  }

  public NetconfTimeoutException(String device, String step, Duration timeout, Throwable cause) {
    super(device, step + " timed out after " + timeout.toMillis() + " ms", cause);
    this.step = step;
    this.timeout = timeout;
  }

  /** Which step timed out, e.g. "connect", "auth", "subsystem", "hello", "rpc get-config". */
  public String step() {
    return step;
  }

  public Duration timeout() {
    return timeout;
  }
}
