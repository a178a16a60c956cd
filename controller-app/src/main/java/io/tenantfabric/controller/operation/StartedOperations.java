package io.tenantfabric.controller.operation;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.async.DeferredResult;
import tools.jackson.databind.json.JsonMapper;

/**
 * The answer of a request that starts an operation (a replace, a NIC speed change): 202 with the
 * operation and its {@code Location} at once, or with {@code ?wait=} 200 once it is final or
 * WAITING within the wait (202 as it is then, past it).
 */
@Component
public class StartedOperations {

  private final ReadOperations read;
  private final OperationWaiters waiters;
  private final JsonMapper json;

  StartedOperations(ReadOperations read, OperationWaiters waiters, JsonMapper json) {
    this.read = read;
    this.waiters = waiters;
    this.json = json;
  }

  /** Starts the operation with {@code start} and answers it, waiting for at most {@code wait}. */
  public DeferredResult<ResponseEntity<String>> answer(
      Duration wait, Supplier<OperationView> start) {
    long since = waiters.mark(); // before the start, so that no change of it is missed
    OperationView started = start.get();
    if (wait.isZero()) {
      DeferredResult<ResponseEntity<String>> result = new DeferredResult<>();
      result.setResult(respond(started));
      return result;
    }
    return waiters.await(
        started.id(),
        since,
        wait,
        now -> settled(now) ? Optional.of(respond(now)) : Optional.empty(),
        () -> respond(read.one(started.id())));
  }

  static boolean settled(OperationView v) {
    return OperationViews.SETTLED.contains(v.state());
  }

  private ResponseEntity<String> respond(OperationView v) {
    return ResponseEntity.status(settled(v) ? HttpStatus.OK : HttpStatus.ACCEPTED)
        .contentType(MediaType.APPLICATION_JSON)
        .location(URI.create(OperationsController.OPERATIONS + "/" + v.id()))
        .body(json.writeValueAsString(v));
  }
}
