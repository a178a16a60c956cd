package io.tenantfabric.emulator.cli;

import java.util.ArrayDeque;
import java.util.Deque;

/** The state of one CLI run: the device's tables, its view stack and the echo printed so far. */
final class CliSession {
  private final Tables tables;
  private final RawLines rawLines;
  private final String sysname;
  private final Deque<View> views = new ArrayDeque<>();
  private final StringBuilder echo = new StringBuilder();

  CliSession(Tables tables, String sysname) {
    this.tables = tables;
    this.rawLines = new RawLines(tables);
    this.sysname = sysname;
  }

  Tables tables() {
    return tables;
  }

  RawLines rawLines() {
    return rawLines;
  }

  String sysname() {
    return sysname;
  }

  StringBuilder echo() {
    return echo;
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
    views.push(new View(View.Kind.USER, null, null, null, "<" + sysname + ">"));
  }

  void enterSystemView() {
    echo.append("System View: return to User View with Ctrl+Z.\n");
    enter(View.Kind.SYSTEM, null, null, null, "");
  }

  /** Pushes a view whose prompt is {@code [sysname<suffix>]}. */
  void enter(View.Kind kind, String object, String ifIndex, String srvId, String suffix) {
    views.push(new View(kind, object, ifIndex, srvId, "[" + sysname + suffix + "]"));
  }
}
