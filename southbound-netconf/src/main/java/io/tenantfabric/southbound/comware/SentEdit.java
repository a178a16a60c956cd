package io.tenantfabric.southbound.comware;

import io.tenantfabric.southbound.protocol.NetconfRpcException;
import io.tenantfabric.southbound.session.PendingReply;
import java.util.List;
import java.util.function.Predicate;

/**
 * One edit group on its way to the switch ({@link ComwareDriver#send}), as one edit-config or one
 * {@code <CLI><Configuration>}; {@link #await} is where its refusal surfaces, in the device's own
 * words.
 */
public final class SentEdit {
  private final EditGroup group;
  private final String device;
  private final PendingReply reply;
  private final List<String> cliLines;
  private final Predicate<NetconfRpcException> xmlUnknown;

  private SentEdit(
      EditGroup group,
      String device,
      PendingReply reply,
      List<String> cliLines,
      Predicate<NetconfRpcException> xmlUnknown) {
    this.group = group;
    this.device = device;
    this.reply = reply;
    this.cliLines = cliLines;
    this.xmlUnknown = xmlUnknown;
  }

  /** An edit-config; {@code xmlUnknown} tells (and records) a refusal of the feature's XML. */
  static SentEdit xml(
      EditGroup group, String device, PendingReply reply, Predicate<NetconfRpcException> unknown) {
    return new SentEdit(group, device, reply, null, unknown);
  }

  /** A {@code <CLI><Configuration>} block of these lines, checked by its echo. */
  static SentEdit cli(EditGroup group, String device, PendingReply reply, List<String> lines) {
    return new SentEdit(group, device, reply, List.copyOf(lines), e -> false);
  }

  public EditGroup group() {
    return group;
  }

  /**
   * Waits for the switch's answer. A refusal is the device's own words: {@code NetconfRpcException}
   * for XML, {@code CliRejectedException} for CLI; {@link XmlUnknownException} when this release
   * has no XML for the group's feature (comware-facts.md 0.3), which the driver now remembers, so
   * that the same group sent again goes through the CLI.
   */
  public void await() {
    if (cliLines != null) {
      CliEchoScanner.requireClean(device, cliLines, reply.cliText("Configuration"));
      return;
    }
    try {
      reply.await();
    } catch (NetconfRpcException e) {
      if (xmlUnknown.test(e)) {
        throw new XmlUnknownException(device, group.feature(), e);
      }
      throw e;
    }
  }

  /** Waits for the answer and forgets it: for an edit sent behind one that failed. */
  public void awaitQuietly() {
    reply.awaitQuietly();
  }
}
