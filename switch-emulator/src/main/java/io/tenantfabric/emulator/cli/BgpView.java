package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.BGP_PEERS;
import static io.tenantfabric.emulator.datastore.ComwareSchema.CLI_GLOBAL;

import io.tenantfabric.emulator.datastore.EditOperation;
import io.tenantfabric.emulator.datastore.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The BGP view ({@code [sysname-bgp-default]}) and its L2VPN EVPN address family ({@code
 * [sysname-bgp-default-evpn]}), as far as a fabric's underlay needs them: one AS, peers with their
 * AS and connect interface, and the peers enabled for EVPN.
 */
final class BgpView {
  private final CliSession session;
  private final Tables tables;

  BgpView(CliSession session) {
    this.session = session;
    this.tables = session.tables();
  }

  /** {@code bgp AS} enters the view (one AS per switch); {@code undo bgp [AS]} removes it all. */
  void enter(CliCommand c) throws CliError {
    Optional<String> running = tables.row(CLI_GLOBAL, List.of()).map(r -> r.get("BgpAs"));
    if (c.undo()) {
      if (c.size() > 1) {
        String as = c.number(1, 1, 4294967295L);
        c.expectEnd(2);
        if (running.isPresent() && !running.get().equals(as)) {
          throw c.wrongAt(1);
        }
      }
      for (Row p : new ArrayList<>(tables.rows(BGP_PEERS))) {
        tables.remove(BGP_PEERS, List.of(p.get("Address")));
      }
      tables.put(CLI_GLOBAL, EditOperation.REMOVE, Map.of("BgpAs", "", "BgpEvpnFamily", ""));
      return;
    }
    String as = c.number(1, 1, 4294967295L);
    c.expectEnd(2);
    if (running.isPresent() && !running.get().equals(as)) {
      throw c.wrongAt(1);
    }
    tables.put(CLI_GLOBAL, EditOperation.MERGE, Map.of("BgpAs", as));
    session.enter(View.Kind.BGP, as, null, null, "-bgp-default");
  }

  /** {@code peer A as-number N}, {@code peer A connect-interface IF}, the address family. */
  void run(CliCommand c, View v) throws CliError {
    switch (c.verb()) {
      case "peer" -> peer(c, v);
      case "address-family" -> {
        c.keyword(1, "l2vpn");
        c.keyword(2, "evpn");
        c.expectEnd(3);
        if (c.undo()) {
          for (Row p : new ArrayList<>(tables.rows(BGP_PEERS))) {
            tables.put(
                BGP_PEERS,
                EditOperation.MERGE,
                Map.of("Address", p.get("Address"), "EvpnEnable", "false"));
          }
          tables.put(CLI_GLOBAL, EditOperation.MERGE, Map.of("BgpEvpnFamily", "false"));
          return;
        }
        tables.put(CLI_GLOBAL, EditOperation.MERGE, Map.of("BgpEvpnFamily", "true"));
        session.enter(View.Kind.BGP_EVPN, v.object(), null, null, "-bgp-default-evpn");
      }
      default -> throw c.unrecognizedAt(0);
    }
  }

  /** In the EVPN address family: {@code [undo] peer A enable}. */
  void runEvpn(CliCommand c) throws CliError {
    c.keyword(0, "peer");
    String address = c.ipv4(1);
    c.keyword(2, "enable");
    c.expectEnd(3);
    requirePeer(address);
    tables.put(
        BGP_PEERS,
        EditOperation.MERGE,
        Map.of("Address", address, "EvpnEnable", c.undo() ? "false" : "true"));
  }

  private void peer(CliCommand c, View v) throws CliError {
    String address = c.ipv4(1);
    if (c.undo() && c.size() == 2) {
      tables.remove(BGP_PEERS, List.of(address));
      return;
    }
    String what = c.arg(2);
    switch (what) {
      case "as-number" -> {
        if (c.undo()) {
          c.expectEnd(3);
          tables.remove(BGP_PEERS, List.of(address));
          return;
        }
        String as = c.number(3, 1, 4294967295L);
        c.expectEnd(4);
        tables.put(BGP_PEERS, EditOperation.MERGE, Map.of("Address", address, "AsNumber", as));
      }
      case "connect-interface" -> {
        requirePeer(address);
        if (c.undo()) {
          c.expectEnd(3);
          tables.put(
              BGP_PEERS, EditOperation.REMOVE, Map.of("Address", address, "ConnectInterface", ""));
          return;
        }
        String iface = c.arg(3);
        c.expectEnd(4);
        tables.put(
            BGP_PEERS, EditOperation.MERGE, Map.of("Address", address, "ConnectInterface", iface));
      }
      default -> throw c.unrecognizedAt(2);
    }
  }

  private void requirePeer(String address) throws CliError {
    if (!tables.exists(BGP_PEERS, List.of(address))) {
      throw CliError.message("The specified peer does not exist.");
    }
  }
}
