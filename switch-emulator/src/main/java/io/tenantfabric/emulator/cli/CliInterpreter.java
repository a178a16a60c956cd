package io.tenantfabric.emulator.cli;

import io.tenantfabric.emulator.datastore.Datastore;
import java.util.List;
import java.util.Locale;

/**
 * Runs Comware CLI text against a datastore, as {@code <CLI><Configuration>} (starts in system
 * view) or {@code <CLI><Execution>} (user view), and returns the echo a device prints: prompt,
 * command, and errors such as {@code % Unrecognized command found at '^' position.} under it.
 * Commands take effect one by one; a failing command changes nothing and the rest still run.
 */
public final class CliInterpreter {
  private final Datastore ds;
  private final DeviceFacts facts;
  private final CliSession session;
  private final SystemView system;
  private final VsiView vsi;
  private final EvpnView evpn;
  private final InterfaceView iface;
  private final ServiceInstanceView serviceInstance;
  private final AclView acl;
  private final BgpView bgp;

  /**
   * An interpreter over {@code ds}, whose {@code Device/Base/HostName} is the sysname of every
   * prompt; {@code facts} is what the displays show beside the configuration.
   */
  public CliInterpreter(Datastore ds, DeviceFacts facts) {
    this.ds = ds;
    this.facts = facts;
    Tables tables = new Tables(ds);
    this.session = new CliSession(tables);
    this.acl = new AclView(session);
    this.bgp = new BgpView(session);
    this.system = new SystemView(session, acl, bgp);
    this.vsi = new VsiView(session);
    this.evpn = new EvpnView(tables);
    this.iface = new InterfaceView(session);
    this.serviceInstance = new ServiceInstanceView(tables);
  }

  /** {@code <CLI><Configuration>}: the device enters system view first. */
  public String configure(String text) {
    session.enterUserView();
    session.echo().append(session.prompt()).append("system-view\n");
    session.enterSystemView();
    runLines(text);
    session.echo().append(session.prompt()).append('\n');
    return session.echo().toString();
  }

  /** {@code <CLI><Execution>}: commands in user view. */
  public String execute(String text) {
    session.enterUserView();
    runLines(text);
    return session.echo().toString();
  }

  /**
   * The breakouts the lines made ({@code using twohundredgige}, {@code using fourhundredgige}), in
   * order: the cables in those cages move to the new port names.
   */
  public List<PortSplit> splits() {
    return List.copyOf(session.splits());
  }

  /**
   * {@code FourHundredGigE1/0/5} -> {@code 400GE1/0/5}, {@code TwoHundredGigE1/0/5:1} -> {@code
   * 200GE1/0/5:1}.
   */
  public static String abbreviate(String name) {
    if (name.startsWith("FourHundredGigE")) {
      return "400GE" + name.substring("FourHundredGigE".length());
    }
    if (name.startsWith("TwoHundredGigE")) {
      return "200GE" + name.substring("TwoHundredGigE".length());
    }
    return name;
  }

  private void runLines(String text) {
    StringBuilder echo = session.echo();
    for (String raw : text.split("\r?\n")) {
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String p = session.prompt();
      echo.append(p).append(line).append('\n');
      try {
        run(CliCommand.of(List.of(line.split("\\s+"))));
      } catch (CliError e) {
        if (e.tokenIndex >= 0) {
          int col = p.length() + offsetOf(line, e.tokenIndex);
          echo.append(" ".repeat(col)).append("^\n");
          echo.append(' ').append(e.getMessage()).append('\n');
        } else {
          echo.append(e.getMessage()).append('\n');
        }
      }
    }
  }

  private static int offsetOf(String line, int token) {
    int idx = 0;
    int t = 0;
    while (idx < line.length()) {
      while (idx < line.length() && Character.isWhitespace(line.charAt(idx))) {
        idx++;
      }
      if (t == token) {
        return idx;
      }
      while (idx < line.length() && !Character.isWhitespace(line.charAt(idx))) {
        idx++;
      }
      t++;
    }
    return line.length();
  }

  private void run(CliCommand c) throws CliError {
    String first = c.tokens().get(0).toLowerCase(Locale.ROOT);
    View v = session.current();
    if (first.equals("display")) {
      display(c);
      return;
    }
    if (first.equals("quit")) {
      c.expectEnd(1);
      if (session.depth() > 1) {
        session.leave();
      }
      return;
    }
    if (first.equals("return")) {
      c.expectEnd(1);
      while (session.depth() > 1) {
        session.leave();
      }
      return;
    }
    try {
      inView(v, c);
    } catch (CliError e) {
      boolean unknownHere = e.isUnrecognized() && e.tokenIndex <= c.offset();
      if (!unknownHere || v.kind() == View.Kind.SYSTEM || v.kind() == View.Kind.USER) {
        throw e;
      }
      // Comware tries a command unknown in a sub-view in the enclosing views, leaving the sub-view.
      session.leave();
      try {
        run(c);
      } catch (CliError parentError) {
        session.push(v);
        throw e;
      }
    }
  }

  private void inView(View v, CliCommand c) throws CliError {
    switch (v.kind()) {
      case USER -> {
        if (!c.tokens().get(0).equals("system-view")) {
          throw CliError.unrecognized(0);
        }
        c.expectEnd(1);
        session.enterSystemView();
      }
      case SYSTEM -> system.run(c);
      case VSI -> vsi.run(c, v);
      case EVPN -> evpn.run(c, v);
      case INTERFACE -> iface.run(c, v);
      case SERVICE_INSTANCE -> serviceInstance.run(c, v);
      case ACL -> acl.run(c, v);
      case WRED_TABLE -> session.rawLines().apply("wred-table " + v.object(), c);
      case BGP -> bgp.run(c, v);
      case BGP_EVPN -> bgp.runEvpn(c);
      default -> throw CliError.unrecognized(0);
    }
  }

  private void display(CliCommand c) throws CliError {
    session.echo().append(Displays.of(c, ds, facts));
  }
}
