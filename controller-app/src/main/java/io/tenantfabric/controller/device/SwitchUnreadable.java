package io.tenantfabric.controller.device;

import io.tenantfabric.controller.refusal.Refusal;
import java.time.Duration;

/**
 * The switch could not be read now (unreachable, refused, timed out): a refusal to try again later,
 * in the device's or the transport's words.
 */
final class SwitchUnreadable {

  // the provisioner's own back-off of a failing switch tops out at 5 s by default
  static final int RETRY_AFTER_SECONDS = 5;

  private SwitchUnreadable() {}

  static Refusal of(String device, RuntimeException cause) {
    String words = String.valueOf(cause.getMessage());
    if (words.startsWith(device + ": ")) { // NetconfException names the device first
      words = words.substring(device.length() + 2);
    }
    return new Refusal(
            Refusal.Reason.UNAVAILABLE,
            "Switch unreachable",
            device + " could not be read: " + words,
            cause)
        .with("device", device)
        .with("retryAfterSeconds", RETRY_AFTER_SECONDS)
        .retryAfter(Duration.ofSeconds(RETRY_AFTER_SECONDS));
  }
}
