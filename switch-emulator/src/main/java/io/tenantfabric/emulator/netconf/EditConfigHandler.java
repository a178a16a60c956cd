package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.datastore.EditOperation;
import io.tenantfabric.emulator.datastore.EditOptions;
import io.tenantfabric.emulator.datastore.NetconfError;
import io.tenantfabric.emulator.datastore.RpcException;
import io.tenantfabric.emulator.device.EditOutcome;
import io.tenantfabric.emulator.device.Target;
import io.tenantfabric.emulator.xml.SafeXml;
import org.w3c.dom.Element;

/** edit-config (RFC 6241 §7.2) with Comware's row semantics; may ask the channel to drop. */
final class EditConfigHandler implements RpcHandler {

  /** Thrown after a successful edit when DROP_SESSION_MID_TRANSACTION fired. */
  static final class DropSession extends RuntimeException {
    private static final long serialVersionUID = 1L;

    DropSession() {
      super("session dropped by fault", null, false, false);
    }
  }

  @Override
  public String handle(RpcCall call) throws RpcException {
    Target target = Args.datastore(call, "target", false);
    Element op = call.operation();
    EditOperation def = EditOperation.MERGE;
    String d = Args.text(op, "default-operation");
    if (d != null) {
      def = EditOperation.parse(d);
      if (def == null
          || def == EditOperation.CREATE
          || def == EditOperation.DELETE
          || def == EditOperation.REMOVE) {
        throw invalid("default-operation", d);
      }
    }
    EditOptions.TestOption test = EditOptions.TestOption.TEST_THEN_SET;
    String t = Args.text(op, "test-option");
    if (t != null) {
      test =
          switch (t) {
            case "test-then-set" -> EditOptions.TestOption.TEST_THEN_SET;
            case "set" -> EditOptions.TestOption.SET;
            case "test-only" -> EditOptions.TestOption.TEST_ONLY;
            default -> throw invalid("test-option", t);
          };
    }
    EditOptions.ErrorOption error = EditOptions.ErrorOption.STOP_ON_ERROR;
    String e = Args.text(op, "error-option");
    if (e != null) {
      error =
          switch (e) {
            case "stop-on-error" -> EditOptions.ErrorOption.STOP_ON_ERROR;
            case "continue-on-error" -> EditOptions.ErrorOption.CONTINUE_ON_ERROR;
            case "rollback-on-error" -> EditOptions.ErrorOption.ROLLBACK_ON_ERROR;
            default -> throw invalid("error-option", e);
          };
    }
    Element config = SafeXml.child(op, "config");
    if (config == null) {
      if (SafeXml.child(op, "url") != null) {
        throw new RpcException(
            NetconfError.protocol("operation-not-supported", "The url capability is not supported.")
                .withInfo("bad-element", "url"));
      }
      throw new RpcException(
          NetconfError.protocol("missing-element", "The element 'config' is missing.")
              .withInfo("bad-element", "config"));
    }
    EditOutcome outcome =
        call.device()
            .edit(
                call.session(),
                target,
                config,
                new EditOptions(def, test, error),
                call.path() + "/config[1]");
    if (outcome == EditOutcome.APPLIED_THEN_DROP_SESSION) {
      throw new DropSession();
    }
    return Replies.OK;
  }

  private static RpcException invalid(String element, String value) {
    return new RpcException(
        NetconfError.protocol(
                "invalid-value", "The value '" + value + "' of " + element + " is invalid.")
            .withInfo("bad-element", element));
  }
}
