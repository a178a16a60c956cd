package io.tenantfabric.controller.fabric;

import io.tenantfabric.controller.refusal.Refusal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The host-key pinning rule of {@code PUT /api/v1/fabric}: the first inventory of a switch pins its
 * host key, and a later inventory may present another key only for a switch that the same request
 * names in {@code replaceHostKeys}. A key that changes unasked is what a man in the middle, or a
 * different device at the switch's address, looks like to the southbound.
 */
final class PinnedHostKeys {

  /** At most this many changed devices are listed in a refusal. */
  static final int LISTED = 50;

  private PinnedHostKeys() {}

  /** Device {@code devices[index]} presents {@code presented} where {@code pinned} is stored. */
  record Change(int index, String device, String pinned, String presented) {}

  /**
   * The devices of the request whose key differs from the pinned one, in request order; {@code
   * pinned} gives a switch's stored key, empty when it has no inventory yet.
   */
  static List<Change> changes(
      List<DeviceRequest> devices, Function<String, Optional<String>> pinned) {
    List<Change> changes = new ArrayList<>();
    for (int i = 0; i < devices.size(); i++) {
      DeviceRequest d = devices.get(i);
      Optional<String> stored = pinned.apply(d.name());
      if (stored.isPresent() && !stored.get().equals(d.hostKeySha256())) {
        changes.add(new Change(i, d.name(), stored.get(), d.hostKeySha256()));
      }
    }
    return changes;
  }

  /** The changes that the request did not name in {@code replaceHostKeys}. */
  static List<Change> unasked(List<Change> changes, Set<String> replaceHostKeys) {
    return changes.stream().filter(c -> !replaceHostKeys.contains(c.device())).toList();
  }

  /** The 409 for {@code refused} (not empty): names the first one's field and how to accept. */
  static Refusal refusal(List<Change> refused) {
    Change first = refused.get(0);
    List<String> names = refused.stream().map(Change::device).limit(LISTED).toList();
    String others = refused.size() > 1 ? " (and " + (refused.size() - 1) + " more)" : "";
    return Refusal.conflict(
            "Host key changed",
            "Switch "
                + first.device()
                + others
                + " presents host key "
                + first.presented()
                + " but "
                + first.pinned()
                + " is pinned for it: another device may be answering at its address, so nothing"
                + " was changed. If the switch's key was replaced on purpose (a new switch, a"
                + " regenerated key), check the new fingerprint on the switch and send the request"
                + " again with \"replaceHostKeys\": "
                + names.stream().map(n -> "\"" + n + "\"").toList()
                + ".")
        .field("devices[" + first.index() + "].hostKeySha256")
        .with("changedDevices", names)
        .with("pinnedHostKeySha256", first.pinned())
        .with("hostKeySha256", first.presented());
  }
}
