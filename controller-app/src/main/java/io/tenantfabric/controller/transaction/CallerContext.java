package io.tenantfabric.controller.transaction;

import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.MDC;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;

/**
 * Who asked and in which request (security context, request attributes, log context), taken on the
 * request's thread, so that work done for it on another thread (a group commit's leader) audits and
 * logs it as its own: the actor, its token and the request id.
 */
public record CallerContext(
    SecurityContext security, RequestAttributes request, Map<String, String> logContext) {

  /** The current thread's. */
  public static CallerContext capture() {
    return new CallerContext(
        SecurityContextHolder.getContext(),
        RequestContextHolder.getRequestAttributes(),
        MDC.getCopyOfContextMap());
  }

  /** Runs {@code work} on this thread as this caller, then puts the thread's own context back. */
  public <T> T call(Supplier<T> work) {
    CallerContext own = capture();
    install(this);
    try {
      return work.get();
    } finally {
      install(own);
    }
  }

  private static void install(CallerContext c) {
    SecurityContextHolder.setContext(c.security());
    RequestContextHolder.setRequestAttributes(c.request());
    if (c.logContext() == null) {
      MDC.clear();
    } else {
      MDC.setContextMap(c.logContext());
    }
  }
}
