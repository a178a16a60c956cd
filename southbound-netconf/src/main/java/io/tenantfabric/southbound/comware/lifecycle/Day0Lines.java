package io.tenantfabric.southbound.comware.lifecycle;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The day-0 lines of {@code display current-configuration}: global {@code sysname}, {@code lldp
 * global enable}, {@code l2vpn enable} and {@code tunnel global source-address A} (one space in,
 * outside any view), the peers enabled in {@code address-family l2vpn evpn} of {@code bgp N}
 * ({@code peer X enable}, two spaces in), and {@code jumboframe enable [N]} in each {@code
 * interface} view. A view starts at column 0 and ends at the next {@code #} there.
 */
record Day0Lines(
    Optional<String> sysname,
    boolean lldpEnabled,
    boolean l2vpnEnabled,
    Optional<String> vtepSource,
    Set<String> evpnPeers,
    Map<String, Integer> jumboFrames) {

  /**
   * The frame size {@code jumboframe enable} without a size stands for: the S9825's default
   * (assumed, from the emulator's contract; a first real switch must confirm it).
   */
  static final int DEFAULT_JUMBO_FRAME = 9416;

  private static final Pattern JUMBO = Pattern.compile("jumboframe enable(?: (\\d{1,6}))?");
  private static final Pattern EVPN_PEER = Pattern.compile("peer (\\S+) enable");
  private static final String EVPN_FAMILY = "address-family l2vpn evpn";

  Day0Lines {
    evpnPeers = Set.copyOf(evpnPeers);
    jumboFrames = Map.copyOf(jumboFrames);
  }

  static Day0Lines parse(String text) {
    Parse p = new Parse();
    for (String raw : text.split("\\R")) {
      p.line(raw.stripTrailing());
    }
    return new Day0Lines(
        Optional.ofNullable(p.sysname),
        p.lldp,
        p.l2vpn,
        Optional.ofNullable(p.vtep),
        p.peers,
        p.jumbo);
  }

  /** The parser's state: the view in force (null at global scope) and what it found so far. */
  private static final class Parse {
    String view;
    String family;
    String sysname;
    boolean lldp;
    boolean l2vpn;
    String vtep;
    final Set<String> peers = new TreeSet<>();
    final Map<String, Integer> jumbo = new TreeMap<>();

    void line(String line) {
      String trimmed = line.strip();
      int indent = line.length() - line.stripLeading().length();
      if (trimmed.isEmpty()) {
        return;
      }
      if (trimmed.startsWith("#")) {
        // "#" at column 0 ends a view, one space in a sub-view (bgp's address families)
        if (indent == 0) {
          view = null;
        }
        family = null;
        return;
      }
      if (trimmed.equals("quit") || trimmed.equals("return")) {
        // the text the driver renders ends its views with " quit"
        if (indent <= 1) {
          view = null;
        }
        family = null;
        return;
      }
      if (indent == 0) {
        view = trimmed;
        family = null;
      } else if (view == null) {
        global(trimmed);
      } else if (view.startsWith("bgp ")) {
        bgp(indent, trimmed);
      } else if (view.startsWith("interface ") && indent == 1) {
        port(view.substring("interface ".length()).strip(), trimmed);
      }
    }

    private void global(String line) {
      if (line.startsWith("sysname ")) {
        sysname = line.substring("sysname ".length()).strip();
      } else if (line.equals("lldp global enable")) {
        lldp = true;
      } else if (line.equals("undo lldp global enable")) {
        lldp = false;
      } else if (line.equals("l2vpn enable")) {
        l2vpn = true;
      } else if (line.equals("undo l2vpn enable")) {
        l2vpn = false;
      } else if (line.startsWith("tunnel global source-address ")) {
        vtep = line.substring("tunnel global source-address ".length()).strip();
      }
    }

    private void bgp(int indent, String line) {
      if (indent == 1) {
        family = line.startsWith("address-family ") ? line : null;
        return;
      }
      Matcher m = EVPN_PEER.matcher(line);
      if (indent == 2 && EVPN_FAMILY.equals(family) && m.matches()) {
        peers.add(m.group(1));
      }
    }

    private void port(String name, String line) {
      Matcher m = JUMBO.matcher(line);
      if (m.matches()) {
        jumbo.put(name, m.group(1) == null ? DEFAULT_JUMBO_FRAME : Integer.parseInt(m.group(1)));
      } else if (line.startsWith("undo jumboframe enable")) {
        jumbo.remove(name);
      }
    }
  }
}
