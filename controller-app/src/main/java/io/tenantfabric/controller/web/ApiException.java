package io.tenantfabric.controller.web;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.springframework.http.HttpStatus;

/**
 * A client-visible failure that becomes an RFC 9457 problem: status, title, detail, the field at
 * fault (if any) and extra properties.
 */
public class ApiException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final HttpStatus status;
  private final String title;
  private String field;
  private final Map<String, Object> properties = new LinkedHashMap<>();

  /** A problem with this status, short title and human-readable detail. */
  public ApiException(HttpStatus status, String title, String detail) {
    super(detail);
    this.status = Objects.requireNonNull(status, "status");
    this.title = Objects.requireNonNull(title, "title");
  }

  /**
   * Names the field at fault: a dotted body path ({@code gpus}, {@code devices[0].host}), or a path
   * variable, parameter or header name.
   */
  public ApiException field(String field) {
    this.field = field;
    return this;
  }

  /** Adds an extra problem property, e.g. {@code with("free", 12)}. */
  public ApiException with(String property, Object value) {
    properties.put(Objects.requireNonNull(property, "property"), value);
    return this;
  }

  /** The HTTP status of the problem. */
  public HttpStatus status() {
    return status;
  }

  /** The short, stable title of the problem. */
  public String title() {
    return title;
  }

  /** The human-readable detail of the problem. */
  public String detail() {
    return getMessage();
  }

  /** The field at fault, if one is. */
  public Optional<String> field() {
    return Optional.ofNullable(field);
  }

  /** Extra problem properties in insertion order. */
  public Map<String, Object> properties() {
    return Collections.unmodifiableMap(properties);
  }
}
