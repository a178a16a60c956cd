package io.tenantfabric.southbound.session;

import io.tenantfabric.southbound.protocol.Messages;
import java.time.Duration;
import java.util.List;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Pure builders of every typed rpc (RFC 6241 section 7, 8 and the Comware extensions), for {@link
 * NetconfSession#call} and, by a caller that pipelines, {@link NetconfSession#send}.
 */
public final class Rpcs {

  private Rpcs() {}

  /**
   * An rpc's operation as a log or a count names it: {@code edit-config}, {@code get-config}, and
   * for CLI and save-point with its kind: {@code CLI/Configuration}, {@code save-point/begin}.
   */
  public static String describe(Document rpc) {
    Element op = Messages.firstElement(rpc.getDocumentElement());
    if (op == null) {
      return "rpc";
    }
    String name = op.getLocalName();
    Element kind = Messages.firstElement(op);
    boolean kinded = name.equals("CLI") || name.equals("save-point");
    return kinded && kind != null ? name + "/" + kind.getLocalName() : name;
  }

  public static Document get(String filterXml) {
    RpcBuilder b = RpcBuilder.operation("get");
    subtreeFilter(b, filterXml);
    return b.document();
  }

  /** {@code <get>} with a subtree filter given as an element (copied, not printed and re-read). */
  public static Document get(Element filter) {
    RpcBuilder b = RpcBuilder.operation("get");
    b.content(b.operation(), "filter", filter, "type", "subtree");
    return b.document();
  }

  /** {@code <get-config>} with a subtree filter given as an element. */
  public static Document getConfig(Datastore source, Element filter) {
    RpcBuilder b = RpcBuilder.operation("get-config");
    b.datastore(b.operation(), "source", source);
    b.content(b.operation(), "filter", filter, "type", "subtree");
    return b.document();
  }

  public static Document getConfig(Datastore source, String filterXml) {
    RpcBuilder b = RpcBuilder.operation("get-config");
    b.datastore(b.operation(), "source", source);
    subtreeFilter(b, filterXml);
    return b.document();
  }

  private static void subtreeFilter(RpcBuilder b, String filterXml) {
    if (filterXml != null) {
      b.fragment(b.operation(), "filter", filterXml, "type", "subtree");
    }
  }

  public static Document editConfig(
      Datastore target, String configContentXml, EditConfigOptions options) {
    RpcBuilder b = editConfig(target, options);
    b.fragment(b.operation(), "config", configContentXml);
    return b.document();
  }

  /** {@code <edit-config>} whose config is an element (copied, not printed and re-read). */
  public static Document editConfig(
      Datastore target, Element configContent, EditConfigOptions options) {
    RpcBuilder b = editConfig(target, options);
    b.content(b.operation(), "config", configContent);
    return b.document();
  }

  private static RpcBuilder editConfig(Datastore target, EditConfigOptions options) {
    RpcBuilder b = RpcBuilder.operation("edit-config");
    Element op = b.operation();
    b.datastore(op, "target", target);
    EditConfigOptions o = options == null ? EditConfigOptions.defaults() : options;
    // RFC 6241 section 7.2 order: target, default-operation, test-option, error-option, config.
    if (o.defaultOperation() != null) {
      b.add(op, "default-operation", o.defaultOperation().xml());
    }
    if (o.testOption() != null) {
      b.add(op, "test-option", o.testOption().xml());
    }
    if (o.errorOption() != null) {
      b.add(op, "error-option", o.errorOption().xml());
    }
    return b;
  }

  public static Document lock(Datastore datastore) {
    RpcBuilder b = RpcBuilder.operation("lock");
    b.datastore(b.operation(), "target", datastore);
    return b.document();
  }

  public static Document unlock(Datastore datastore) {
    RpcBuilder b = RpcBuilder.operation("unlock");
    b.datastore(b.operation(), "target", datastore);
    return b.document();
  }

  public static Document validate(Datastore source) {
    RpcBuilder b = RpcBuilder.operation("validate");
    b.datastore(b.operation(), "source", source);
    return b.document();
  }

  public static Document commit() {
    return RpcBuilder.operation("commit").document();
  }

  /** RFC 6241 section 8.4.5: confirmed, confirm-timeout (seconds), optional persist. */
  public static Document commitConfirmed(Duration timeout, String persist) {
    if (persist != null && persist.isBlank()) {
      throw new IllegalArgumentException("persist token must not be blank");
    }
    RpcBuilder b = RpcBuilder.operation("commit");
    b.add(b.operation(), "confirmed");
    b.add(b.operation(), "confirm-timeout", Long.toString(seconds(timeout, 1, 4294967295L)));
    if (persist != null) {
      b.add(b.operation(), "persist", persist);
    }
    return b.document();
  }

  public static Document confirmCommit(String persistId) {
    RpcBuilder b = RpcBuilder.operation("commit");
    if (persistId != null) {
      b.add(b.operation(), "persist-id", persistId);
    }
    return b.document();
  }

  public static Document cancelCommit(String persistId) {
    RpcBuilder b = RpcBuilder.operation("cancel-commit");
    if (persistId != null) {
      b.add(b.operation(), "persist-id", persistId);
    }
    return b.document();
  }

  public static Document discardChanges() {
    return RpcBuilder.operation("discard-changes").document();
  }

  /** comware-facts.md 2.6: confirm-timeout is 1..65535 s. */
  public static Document savePointBegin(Duration confirmTimeout) {
    RpcBuilder b = RpcBuilder.operation("save-point");
    Element begin = b.add(b.operation(), "begin");
    b.add(begin, "confirm-timeout", Long.toString(seconds(confirmTimeout, 1, 65535)));
    return b.document();
  }

  public static Document savePointCommit(String label) {
    RpcBuilder b = RpcBuilder.operation("save-point");
    Element commit = b.add(b.operation(), "commit");
    if (label != null) {
      b.add(commit, "label", label);
    }
    return b.document();
  }

  public static Document savePointRollback(Integer commitId) {
    RpcBuilder b = RpcBuilder.operation("save-point");
    Element rollback = b.add(b.operation(), "rollback");
    if (commitId != null) {
      b.add(rollback, "commit-id", Integer.toString(commitId));
    }
    return b.document();
  }

  public static Document savePointEnd() {
    RpcBuilder b = RpcBuilder.operation("save-point");
    b.add(b.operation(), "end");
    return b.document();
  }

  public static Document save(String file) {
    RpcBuilder b = RpcBuilder.operation("save");
    if (file != null) {
      b.add(b.operation(), "file", file);
    }
    return b.document();
  }

  public static Document cliConfiguration(List<String> lines) {
    RpcBuilder b = RpcBuilder.operation("CLI");
    b.add(b.operation(), "Configuration", String.join("\n", lines));
    return b.document();
  }

  public static Document cliExecution(String command) {
    RpcBuilder b = RpcBuilder.operation("CLI");
    b.add(b.operation(), "Execution", command);
    return b.document();
  }

  public static Document killSession(String sessionId) {
    RpcBuilder b = RpcBuilder.operation("kill-session");
    b.add(b.operation(), "session-id", sessionId);
    return b.document();
  }

  public static Document closeSession() {
    return RpcBuilder.operation("close-session").document();
  }

  private static long seconds(Duration d, long min, long max) {
    long s = d.toSeconds();
    if (s < min || s > max) {
      throw new IllegalArgumentException("timeout must be " + min + ".." + max + " s, got " + d);
    }
    return s;
  }
}
