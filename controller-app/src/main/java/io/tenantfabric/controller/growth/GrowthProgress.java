package io.tenantfabric.controller.growth;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the step a growth is at has done so far, stored with it so that an attempt after a restart
 * or a leader change goes on where the last one stopped: switches onboarded, pushes raised (switch
 * to generation), ports shut for a cable move (as "switch port"), moves and new cables seen done.
 * Each step starts with none.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
record GrowthProgress(
    SortedSet<String> onboarded,
    SortedMap<String, Long> pushes,
    SortedSet<String> shut,
    SortedSet<String> moved,
    SortedSet<String> cabled) {

  static final GrowthProgress NONE = new GrowthProgress(null, null, null, null, null);

  GrowthProgress {
    onboarded = onboarded == null ? new TreeSet<>() : new TreeSet<>(onboarded);
    pushes = pushes == null ? new TreeMap<>() : new TreeMap<>(pushes);
    shut = shut == null ? new TreeSet<>() : new TreeSet<>(shut);
    moved = moved == null ? new TreeSet<>() : new TreeSet<>(moved);
    cabled = cabled == null ? new TreeSet<>() : new TreeSet<>(cabled);
  }

  /** The step changed something already (a push raised, a port shut): a cancel waits for it. */
  boolean started() {
    return !pushes.isEmpty() || !shut.isEmpty();
  }

  GrowthProgress withOnboarded(String sw) {
    return new GrowthProgress(plus(onboarded, sw), pushes, shut, moved, cabled);
  }

  GrowthProgress withPush(String sw, long generation) {
    Map<String, Long> p = new TreeMap<>(pushes);
    p.put(sw, generation);
    return new GrowthProgress(onboarded, new TreeMap<>(p), shut, moved, cabled);
  }

  GrowthProgress withShut(String port) {
    return new GrowthProgress(onboarded, pushes, plus(shut, port), moved, cabled);
  }

  GrowthProgress withMoved(String port) {
    SortedSet<String> up = new TreeSet<>(shut);
    up.remove(port);
    return new GrowthProgress(onboarded, pushes, up, plus(moved, port), cabled);
  }

  GrowthProgress withCabled(String cable) {
    return new GrowthProgress(onboarded, pushes, shut, moved, plus(cabled, cable));
  }

  private static SortedSet<String> plus(Set<String> s, String e) {
    SortedSet<String> r = new TreeSet<>(s);
    r.add(e);
    return r;
  }
}
