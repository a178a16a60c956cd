package io.tenantfabric.emulator.netconf;

import io.tenantfabric.emulator.datastore.RpcException;

/** {@code <save>}, {@code <rollback>} and {@code <load>} with an optional {@code <file>}. */
final class FileHandler implements RpcHandler {
  /** Which file operation. */
  enum Kind {
    SAVE,
    ROLLBACK,
    LOAD
  }

  private final Kind kind;

  FileHandler(Kind kind) {
    this.kind = kind;
  }

  @Override
  public String handle(RpcCall call) throws RpcException {
    String file = Args.text(call.operation(), "file");
    switch (kind) {
      case SAVE -> call.device().save(file);
      case ROLLBACK -> call.device().rollbackToFile(call.session(), file);
      default -> call.device().load(call.session(), file);
    }
    return Replies.OK;
  }
}
