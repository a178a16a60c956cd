package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.DEVICE_BASE;
import static io.tenantfabric.emulator.datastore.ComwareSchema.FACTORY_SYSNAME;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** The state of one CLI run: the device's tables, its view stack and the echo printed so far. */
final class CliSession {
  private final Tables tables;
  private final RawLines rawLines;
  private final Deque<View> views = new ArrayDeque<>();
  private final StringBuilder echo = new StringBuilder();
  private final List<PortSplit> splits = new ArrayList<>();

  CliSession(Tables tables) {
    this.tables = tables;
    this.rawLines = new RawLines(tables);
  }

  Tables tables() {
    return tables;
  }

  RawLines rawLines() {
    return rawLines;
  }

  /** The switch's current sysname ({@code Device/Base/HostName}). */
  String sysname() {
    return tables.row(DEVICE_BASE, List.of()).map(r -> r.get("HostName")).orElse(FACTORY_SYSNAME);
  }

  /** The prompt of the current view. */
  String prompt() {
    return current().prompt(sysname());
  }

  StringBuilder echo() {
    return echo;
  }

  /** The breakouts made so far, in order. */
  List<PortSplit> splits() {
    return splits;
  }

  View current() {
    return views.peek();
  }

  int depth() {
    return views.size();
  }

  void push(View v) {
    views.push(v);
  }

  void leave() {
    views.pop();
  }

  void enterUserView() {
    views.push(new View(View.Kind.USER, null, null, null, ""));
  }

  void enterSystemView() {
    echo.append("System View: return to User View with Ctrl+Z.\n");
    enter(View.Kind.SYSTEM, null, null, null, "");
  }

  /** Pushes a view whose prompt is {@code [sysname<suffix>]}. */
  void enter(View.Kind kind, String object, String ifIndex, String srvId, String suffix) {
    views.push(new View(kind, object, ifIndex, srvId, suffix));
  }
}
