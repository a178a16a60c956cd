package io.tenantfabric.controller.web;

import io.tenantfabric.controller.refusal.Refusal;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.ConstraintViolationException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.TypeMismatchException;
import org.springframework.context.MessageSourceResolvable;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.orm.ObjectOptimisticLockingFailureException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.validation.FieldError;
import org.springframework.validation.method.ParameterValidationResult;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingRequestHeaderException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.ServletRequestBindingException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every error of the API as an RFC 9457 {@code application/problem+json} body carrying the request
 * id; client mistakes name the field at fault ({@code field}, a dotted path like {@code
 * devices[0].host}, plus {@code errors} when there are several) and never become a 500; server
 * faults become a 500 that shows only the request id.
 */
@RestControllerAdvice
class ProblemAdvice extends ResponseEntityExceptionHandler {

  private static final Logger log = LoggerFactory.getLogger(ProblemAdvice.class);

  @ExceptionHandler(Refusal.class)
  ResponseEntity<ProblemDetail> refused(Refusal e, HttpServletRequest request) {
    ProblemDetail p = Problems.of(RefusalStatus.of(e), e.title(), e.detail(), request);
    e.field().ifPresent(f -> p.setProperty("field", f));
    e.type().ifPresent(p::setType);
    e.properties().forEach(p::setProperty);
    ResponseEntity<ProblemDetail> response = respond(p);
    if (e.retryAfter().isEmpty()) {
      return response;
    }
    return ResponseEntity.status(response.getStatusCode())
        .headers(response.getHeaders())
        .header(HttpHeaders.RETRY_AFTER, Long.toString(e.retryAfter().get().toSeconds()))
        .body(p);
  }

  @ExceptionHandler(DataIntegrityViolationException.class)
  ResponseEntity<ProblemDetail> integrity(
      DataIntegrityViolationException e, HttpServletRequest request) {
    // the database defends an invariant the code did not check first; its SQL stays in the log
    log.info("integrity violation answered 409: {}", e.getMostSpecificCause().getMessage());
    return respond(
        Problems.of(
            HttpStatus.CONFLICT,
            "Conflict",
            "The request conflicts with the current state of the resource.",
            request));
  }

  @ExceptionHandler({
    ObjectOptimisticLockingFailureException.class,
    PessimisticLockingFailureException.class,
    TransientDataAccessException.class,
    CannotCreateTransactionException.class
  })
  ResponseEntity<ProblemDetail> concurrent(RuntimeException e, HttpServletRequest request) {
    Optional<ResponseEntity<ProblemDetail>> busy = busy(e, request);
    if (busy.isPresent()) {
      return busy.get();
    }
    if (e instanceof CannotCreateTransactionException) {
      return unexpected(e, request);
    }
    log.info("concurrent change answered 409: {}", e.getMessage());
    return respond(
        Problems.of(
            HttpStatus.CONFLICT,
            "Concurrent change",
            "The resource was changed by another request; retry.",
            request));
  }

  @ExceptionHandler(ConstraintViolationException.class)
  ResponseEntity<ProblemDetail> constraintViolation(
      ConstraintViolationException e, HttpServletRequest request) {
    List<Map<String, String>> errors = new ArrayList<>();
    e.getConstraintViolations().stream()
        .sorted(Comparator.comparing(v -> v.getPropertyPath().toString()))
        .forEach(v -> errors.add(error(lastNode(v.getPropertyPath().toString()), v.getMessage())));
    return respond(invalid(errors, request));
  }

  @ExceptionHandler(AccessDeniedException.class)
  ResponseEntity<ProblemDetail> denied(AccessDeniedException e, HttpServletRequest request) {
    return respond(
        Problems.of(
            HttpStatus.FORBIDDEN,
            "Forbidden",
            "The role of this token may not " + request.getMethod() + " this resource.",
            request));
  }

  @ExceptionHandler(Exception.class)
  ResponseEntity<ProblemDetail> unexpected(Exception e, HttpServletRequest request) {
    Optional<ResponseEntity<ProblemDetail>> busy = busy(e, request);
    if (busy.isPresent()) {
      return busy.get();
    }
    String id = RequestIds.of(request).orElse("-");
    log.error(
        "unexpected failure of {} {} (request {})",
        request.getMethod(),
        request.getRequestURI(),
        id,
        e);
    return respond(
        Problems.of(
            HttpStatus.INTERNAL_SERVER_ERROR,
            "Internal error",
            "The request failed on the server; quote request id " + id + " when reporting it.",
            request));
  }

  @Override
  protected ResponseEntity<Object> handleHttpMessageNotReadable(
      HttpMessageNotReadableException e,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    HttpServletRequest servlet = servlet(request);
    PayloadTooLargeException tooLarge = causeOf(e, PayloadTooLargeException.class);
    if (tooLarge != null) {
      return cast(respond(BodyLimitFilter.TooLarge.problem(servlet, tooLarge.limit())));
    }
    return cast(respond(UnreadableBodies.problem(e, servlet)));
  }

  @Override
  protected ResponseEntity<Object> handleMethodArgumentNotValid(
      MethodArgumentNotValidException e,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    List<Map<String, String>> errors = new ArrayList<>();
    for (FieldError fe : e.getBindingResult().getFieldErrors()) {
      errors.add(error(fe.getField(), fe.getDefaultMessage()));
    }
    e.getBindingResult()
        .getGlobalErrors()
        .forEach(ge -> errors.add(error("", ge.getDefaultMessage())));
    errors.sort(Comparator.comparing(m -> m.get("field")));
    return cast(respond(invalid(errors, servlet(request))));
  }

  @Override
  protected ResponseEntity<Object> handleHandlerMethodValidationException(
      HandlerMethodValidationException e,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    List<Map<String, String>> errors = new ArrayList<>();
    for (ParameterValidationResult r : e.getParameterValidationResults()) {
      String name = parameterName(r);
      for (MessageSourceResolvable err : r.getResolvableErrors()) {
        errors.add(error(name, err.getDefaultMessage()));
      }
    }
    return cast(respond(invalid(errors, servlet(request))));
  }

  @Override
  protected ResponseEntity<Object> handleTypeMismatch(
      TypeMismatchException e, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    String name =
        e instanceof MethodArgumentTypeMismatchException m ? m.getName() : e.getPropertyName();
    String type = e.getRequiredType() == null ? "value" : e.getRequiredType().getSimpleName();
    ProblemDetail p =
        Problems.of(
            HttpStatus.BAD_REQUEST,
            "Invalid parameter",
            "'" + name + "' must be a valid " + type + ".",
            servlet(request));
    p.setProperty("field", name);
    return cast(respond(p));
  }

  @Override
  protected ResponseEntity<Object> handleServletRequestBindingException(
      ServletRequestBindingException e,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    String field = null;
    if (e instanceof MissingRequestHeaderException h) {
      field = h.getHeaderName();
    } else if (e instanceof MissingServletRequestParameterException p) {
      field = p.getParameterName();
    }
    ProblemDetail p =
        Problems.of(
            HttpStatus.BAD_REQUEST,
            "Missing parameter",
            field == null ? "A required parameter is missing." : "'" + field + "' is required.",
            servlet(request));
    if (field != null) {
      p.setProperty("field", field);
    }
    return cast(respond(p));
  }

  @Override
  protected ResponseEntity<Object> handleExceptionInternal(
      Exception ex,
      Object body,
      HttpHeaders headers,
      HttpStatusCode statusCode,
      WebRequest request) {
    ResponseEntity<Object> r =
        super.handleExceptionInternal(ex, body, headers, statusCode, request);
    if (r != null && r.getBody() instanceof ProblemDetail p) {
      Problems.decorate(p, servlet(request));
      HttpHeaders h = new HttpHeaders();
      h.putAll(r.getHeaders());
      h.setContentType(MediaType.APPLICATION_PROBLEM_JSON);
      return new ResponseEntity<>(p, h, r.getStatusCode());
    }
    return r;
  }

  /**
   * A 503 with {@code Retry-After} when the database refused for now or has no primary to reach
   * ({@link DatabaseBusy}).
   */
  private static Optional<ResponseEntity<ProblemDetail>> busy(
      Exception e, HttpServletRequest request) {
    return DatabaseBusy.reason(e)
        .map(
            cause -> {
              log.info("{} answered 503: {}", cause.title(), cause.reason());
              ProblemDetail p = DatabaseBusy.problem(cause, request);
              return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                  .header(HttpHeaders.RETRY_AFTER, Integer.toString(cause.retryAfterSeconds()))
                  .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                  .body(p);
            });
  }

  static ProblemDetail invalid(List<Map<String, String>> errors, HttpServletRequest request) {
    String first = errors.isEmpty() ? "" : errors.get(0).get("field");
    String detail =
        errors.isEmpty()
            ? "The request is invalid."
            : errors.size() == 1
                ? "'" + first + "' " + errors.get(0).get("message") + "."
                : errors.size() + " fields are invalid, first '" + first + "'.";
    ProblemDetail p = Problems.of(HttpStatus.BAD_REQUEST, "Invalid request", detail, request);
    if (!first.isEmpty()) {
      p.setProperty("field", first);
    }
    p.setProperty("errors", errors);
    return p;
  }

  private static Map<String, String> error(String field, String message) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("field", field);
    m.put("message", message == null ? "is invalid" : message);
    return m;
  }

  private static String parameterName(ParameterValidationResult r) {
    var param = r.getMethodParameter();
    String name = param.getParameterName();
    var rp = param.getParameterAnnotation(RequestParam.class);
    if (rp != null && !rp.name().isEmpty()) {
      return rp.name();
    }
    var pv = param.getParameterAnnotation(PathVariable.class);
    if (pv != null && !pv.name().isEmpty()) {
      return pv.name();
    }
    var rh = param.getParameterAnnotation(RequestHeader.class);
    if (rh != null && !rh.name().isEmpty()) {
      return rh.name();
    }
    return name == null ? "" : name;
  }

  private static String lastNode(String propertyPath) {
    // method validation paths read "list.size": the parameter is the last node
    int dot = propertyPath.lastIndexOf('.');
    return dot < 0 ? propertyPath : propertyPath.substring(dot + 1);
  }

  static <T extends Throwable> T causeOf(Throwable e, Class<T> type) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }

  private static HttpServletRequest servlet(WebRequest request) {
    return request instanceof ServletWebRequest s ? s.getRequest() : null;
  }

  private static ResponseEntity<ProblemDetail> respond(ProblemDetail p) {
    return ResponseEntity.status(p.getStatus())
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .body(p);
  }

  @SuppressWarnings("unchecked") // a ProblemDetail body is an Object body for the base class
  private static ResponseEntity<Object> cast(ResponseEntity<ProblemDetail> r) {
    return (ResponseEntity<Object>) (ResponseEntity<?>) r;
  }
}
