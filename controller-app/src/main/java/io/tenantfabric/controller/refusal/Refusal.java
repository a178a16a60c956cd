package io.tenantfabric.controller.refusal;

import java.net.URI;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A request refused before it changed anything, with the facts a client needs: why ({@link
 * Reason}), a short stable title, a detail, the field at fault (if any), extra properties and, for
 * a refusal that passes, when to try again.
 */
public class Refusal extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Why a request is refused; the web layer maps each to one HTTP status. */
  public enum Reason {
    /** The request is malformed or a value is out of its range. */
    INVALID,
    /** The caller may not do this. */
    FORBIDDEN,
    /** What the request names does not exist, or the caller may not see it. */
    NOT_FOUND,
    /** The request contradicts the current state (live allocations, capacity, a name taken). */
    CONFLICT,
    /** The request's body or its parts exceed a limit. */
    TOO_LARGE,
    /** The request is well formed but cannot be carried out as asked (quota, a reused key). */
    UNPROCESSABLE,
    /** The caller asked too often; it may try again later. */
    TOO_MANY,
    /** Something the request needs is not available now; it may try again later. */
    UNAVAILABLE
  }

  private final Reason reason;
  private final String title;
  private String field;
  private URI type;
  private Duration retryAfter;
  private final Map<String, Object> properties = new LinkedHashMap<>();

  /** A refusal for {@code reason}, with a short title and a human-readable detail. */
  public Refusal(Reason reason, String title, String detail) {
    this(reason, title, detail, null);
  }

  /** As {@link #Refusal(Reason, String, String)}, caused by {@code cause}. */
  public Refusal(Reason reason, String title, String detail, Throwable cause) {
    super(detail, cause);
    this.reason = Objects.requireNonNull(reason, "reason");
    this.title = Objects.requireNonNull(title, "title");
  }

  /** {@link Reason#INVALID}. */
  public static Refusal invalid(String title, String detail) {
    return new Refusal(Reason.INVALID, title, detail);
  }

  /** {@link Reason#NOT_FOUND} with the title "Not found". */
  public static Refusal notFound(String detail) {
    return notFound("Not found", detail);
  }

  /** {@link Reason#NOT_FOUND}. */
  public static Refusal notFound(String title, String detail) {
    return new Refusal(Reason.NOT_FOUND, title, detail);
  }

  /** {@link Reason#CONFLICT} with the title "Conflict". */
  public static Refusal conflict(String detail) {
    return conflict("Conflict", detail);
  }

  /** {@link Reason#CONFLICT}. */
  public static Refusal conflict(String title, String detail) {
    return new Refusal(Reason.CONFLICT, title, detail);
  }

  /** {@link Reason#UNPROCESSABLE}. */
  public static Refusal unprocessable(String title, String detail) {
    return new Refusal(Reason.UNPROCESSABLE, title, detail);
  }

  /**
   * Names the field at fault: a dotted body path ({@code gpus}, {@code devices[0].host}), or a path
   * variable, parameter or header name.
   */
  public Refusal field(String field) {
    this.field = field;
    return this;
  }

  /** Adds an extra property, e.g. {@code with("free", 12)}. */
  public Refusal with(String property, Object value) {
    properties.put(Objects.requireNonNull(property, "property"), value);
    return this;
  }

  /** Says when the caller may try again. */
  public Refusal retryAfter(Duration after) {
    this.retryAfter = Objects.requireNonNull(after, "after");
    return this;
  }

  /** Why the request is refused. */
  public Reason reason() {
    return reason;
  }

  /** The short, stable title. */
  public String title() {
    return title;
  }

  /** The human-readable detail. */
  public String detail() {
    return getMessage();
  }

  /** The field at fault, if one is. */
  /**
   * Names the problem type, for a refusal a client must tell apart from others of its status (RFC
   * 9457's {@code type}; {@code about:blank} when not named).
   */
  public Refusal type(URI type) {
    this.type = type;
    return this;
  }

  /** The problem type named, if one is. */
  public Optional<URI> type() {
    return Optional.ofNullable(type);
  }

  public Optional<String> field() {
    return Optional.ofNullable(field);
  }

  /** When the caller may try again, if it may. */
  public Optional<Duration> retryAfter() {
    return Optional.ofNullable(retryAfter);
  }

  /** Extra properties in insertion order. */
  public Map<String, Object> properties() {
    return Collections.unmodifiableMap(properties);
  }
}
