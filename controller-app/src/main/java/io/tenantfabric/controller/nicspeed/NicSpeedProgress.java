package io.tenantfabric.controller.nicspeed;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a NIC speed change has done so far, per leaf, stored with it so that a rerun converges: the
 * last step each leaf passed ({@code leaves}), the generation the push raised each leaf to and when
 * it raised them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record NicSpeedProgress(
    SortedMap<String, String> leaves, SortedMap<String, Long> pushed, Instant pushRaisedAt) {

  static final NicSpeedProgress NONE = new NicSpeedProgress(null, null, null);

  NicSpeedProgress {
    leaves = leaves == null ? new TreeMap<>() : new TreeMap<>(leaves);
    pushed = pushed == null ? null : new TreeMap<>(pushed);
  }

  /** The same progress with {@code leaf} past {@code step}. */
  NicSpeedProgress leafDone(String leaf, NicSpeedStep step) {
    SortedMap<String, String> l = new TreeMap<>(leaves);
    l.put(leaf, step.name());
    return new NicSpeedProgress(l, pushed, pushRaisedAt);
  }

  boolean leafPast(String leaf, NicSpeedStep step) {
    return step.name().equals(leaves.get(leaf));
  }

  NicSpeedProgress raised(Map<String, Long> generations, Instant at) {
    return new NicSpeedProgress(leaves, new TreeMap<>(generations), at);
  }
}
