package io.tenantfabric.controller.operation;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * The answer of a request that starts an operation (a replace, a NIC speed change): at once, or
 * with {@code ?wait=} once it is final or WAITING within the wait (as it is then, past it). The
 * controller, the web edge, says which status each answer has.
 */
@Component
public class StartedOperations {

  private final ReadOperations read;
  private final OperationWaiters waiters;

  StartedOperations(ReadOperations read, OperationWaiters waiters) {
    this.read = read;
    this.waiters = waiters;
  }

  /**
   * Starts the operation with {@code start} and answers it with {@code respond}, waiting for at
   * most {@code wait}.
   */
  public DeferredResult<ResponseEntity<String>> answer(
      Duration wait,
      Supplier<OperationView> start,
      Function<OperationView, ResponseEntity<String>> respond) {
    long since = waiters.mark(); // before the start, so that no change of it is missed
    OperationView started = start.get();
    if (wait.isZero()) {
      DeferredResult<ResponseEntity<String>> result = new DeferredResult<>();
      result.setResult(respond.apply(started));
      return result;
    }
    return waiters.await(
        started.id(),
        since,
        wait,
        now -> settled(now) ? Optional.of(respond.apply(now)) : Optional.empty(),
        () -> respond.apply(read.one(started.id())));
  }

  /** Final, or waiting for something outside the controller. */
  public static boolean settled(OperationView v) {
    return OperationViews.SETTLED.contains(v.state());
  }
}
