package io.tenantfabric.emulator.lldp;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The LLDP agent of one switch: which neighbour each port has learnt, and since when. A neighbour
 * counts from when its cable went in (not before the agent started), or, once this agent has
 * reported a port without it or with other content, from the first report that sees it again; so a
 * re-cabled port, a renamed peer or LLDP turned back on starts a new count. Not thread-safe: the
 * owning device calls it under its monitor.
 */
public final class LldpAgent {
  private record Seen(Advertisement heard, Instant cabledSince, Instant since) {}

  private final Map<String, Seen> seen = new HashMap<>();
  private Instant started;

  /** An agent that started at {@code started} (the switch's boot). */
  public LldpAgent(Instant started) {
    this.started = started;
  }

  /**
   * The neighbours of {@code ports} (port name to IfIndex, in the order to report) at {@code now},
   * given the switch's cabled ports; none at all when the switch's LLDP is off.
   */
  public List<Neighbour> neighbours(
      boolean enabled, Map<String, String> ports, Map<String, PortLink> links, Instant now) {
    List<Neighbour> out = new ArrayList<>();
    for (Map.Entry<String, String> p : ports.entrySet()) {
      String port = p.getKey();
      PortLink link = links.get(port);
      Advertisement heard = enabled && link != null ? link.heard() : null;
      Seen before = seen.get(port);
      if (heard == null) {
        seen.put(port, new Seen(null, link == null ? null : link.cabledSince(), now));
        continue;
      }
      Instant since;
      if (before == null || !link.cabledSince().equals(before.cabledSince())) {
        since = link.cabledSince().isAfter(started) ? link.cabledSince() : started;
      } else if (heard.equals(before.heard())) {
        since = before.since();
      } else {
        since = now;
      }
      seen.put(port, new Seen(heard, link.cabledSince(), since));
      long age = Math.max(0, Duration.between(since, now).getSeconds());
      out.add(new Neighbour(p.getValue(), port, age, heard));
    }
    return out;
  }

  /** Forgets every neighbour: the switch restarted at {@code started} (a wipe). */
  public void restart(Instant started) {
    this.started = started;
    seen.clear();
  }
}
