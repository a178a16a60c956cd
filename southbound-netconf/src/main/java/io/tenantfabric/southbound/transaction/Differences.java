package io.tenantfabric.southbound.transaction;

import io.tenantfabric.model.device.DeviceConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/** Human-readable differences between a target and a read-back, element by element. */
final class Differences {
  private Differences() {}

  static List<String> between(DeviceConfig target, DeviceConfig actual) {
    List<String> out = new ArrayList<>();
    if (!target.lossless().equals(actual.lossless())) {
      out.add("lossless: want " + target.lossless() + ", found " + actual.lossless());
    }
    compare("vsi", target.vsis(), actual.vsis(), out);
    compare("port", target.ports(), actual.ports(), out);
    compare("acl", target.acls(), actual.acls(), out);
    return out;
  }

  private static <K, V> void compare(
      String kind, Map<K, V> want, Map<K, V> found, List<String> out) {
    TreeSet<String> keys = new TreeSet<>();
    want.keySet().forEach(k -> keys.add(k.toString()));
    found.keySet().forEach(k -> keys.add(k.toString()));
    for (String k : keys) {
      V w = lookup(want, k);
      V f = lookup(found, k);
      if (!Objects.equals(w, f)) {
        out.add(
            kind
                + " "
                + k
                + ": want "
                + (w == null ? "absent" : w)
                + ", found "
                + (f == null ? "absent" : f));
      }
    }
  }

  private static <K, V> V lookup(Map<K, V> m, String key) {
    for (Map.Entry<K, V> e : m.entrySet()) {
      if (e.getKey().toString().equals(key)) {
        return e.getValue();
      }
    }
    return null;
  }
}
