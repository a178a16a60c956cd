package io.tenantfabric.controller.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Collection;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.InvalidNullException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.exc.ValueInstantiationException;

/**
 * Turns a body Jackson could not read into a 400 problem that names the field: unknown field, wrong
 * type, null where a value is needed, a value its type refuses, or JSON that is not JSON. The body
 * itself is never echoed.
 */
final class UnreadableBodies {

  private UnreadableBodies() {}

  static ProblemDetail problem(HttpMessageNotReadableException e, HttpServletRequest request) {
    JacksonException j = ProblemAdvice.causeOf(e, JacksonException.class);
    if (j == null) {
      return Problems.of(
          HttpStatus.BAD_REQUEST, "Missing body", "The request needs a JSON body.", request);
    }
    String field = FieldPaths.of(j.getPath());
    ProblemDetail p;
    if (j instanceof UnrecognizedPropertyException) {
      p =
          Problems.of(
              HttpStatus.BAD_REQUEST,
              "Unknown field",
              "'" + field + "' is not a field of this request.",
              request);
    } else if (j instanceof InvalidNullException) {
      p =
          Problems.of(
              HttpStatus.BAD_REQUEST,
              "Invalid field",
              "'" + field + "' must not be null.",
              request);
    } else if (j instanceof ValueInstantiationException v) {
      p =
          Problems.of(
              HttpStatus.BAD_REQUEST,
              "Invalid field",
              "'" + field + "' is invalid: " + instantiationReason(v),
              request);
    } else if (j instanceof MismatchedInputException m) {
      p =
          Problems.of(
              HttpStatus.BAD_REQUEST,
              "Invalid field",
              field.isEmpty()
                  ? "The body must be a JSON " + expected(m.getTargetType()) + "."
                  : "'" + field + "' must be " + article(expected(m.getTargetType())) + ".",
              request);
    } else if (j instanceof StreamReadException && duplicateName(j) != null) {
      field = duplicateName(j);
      p =
          Problems.of(
              HttpStatus.BAD_REQUEST,
              "Duplicate field",
              "'" + field + "' appears more than once.",
              request);
    } else if (j instanceof StreamReadException) {
      p =
          Problems.of(
              HttpStatus.BAD_REQUEST,
              "Malformed JSON",
              "The body is not well-formed JSON" + where(j.getLocation()) + ".",
              request);
    } else {
      p =
          Problems.of(
              HttpStatus.BAD_REQUEST, "Unreadable body", "The body cannot be read.", request);
    }
    if (!field.isEmpty()) {
      p.setProperty("field", field);
    }
    return p;
  }

  // StreamReadFeature.STRICT_DUPLICATE_DETECTION fails while the parser stands on the repeated name
  private static String duplicateName(JacksonException j) {
    if (j.getOriginalMessage() != null
        && j.getOriginalMessage().startsWith("Duplicate Object property")
        && j.processor() instanceof JsonParser parser) {
      String prefix = FieldPaths.of(j.getPath());
      String name = parser.currentName();
      return name == null ? null : prefix.isEmpty() ? name : prefix + "." + name;
    }
    return null;
  }

  private static String instantiationReason(ValueInstantiationException v) {
    Throwable cause = v.getCause();
    // our own validating records throw IllegalArgumentException with a message for the client
    if (cause instanceof IllegalArgumentException && cause.getMessage() != null) {
      return cause.getMessage();
    }
    return "the value is not acceptable.";
  }

  static String expected(Class<?> type) {
    if (type == null) {
      return "value of another type";
    }
    if (type == int.class
        || type == Integer.class
        || type == long.class
        || type == Long.class
        || type == short.class
        || type == Short.class) {
      return "integer";
    }
    if (type == double.class
        || type == Double.class
        || type == float.class
        || type == Float.class) {
      return "number";
    }
    if (type == boolean.class || type == Boolean.class) {
      return "boolean";
    }
    if (type == String.class || type.isEnum()) {
      return "string";
    }
    if (type.isArray() || Collection.class.isAssignableFrom(type)) {
      return "array";
    }
    return "object";
  }

  private static String article(String noun) {
    return noun.startsWith("value")
        ? "a " + noun
        : (noun.matches("^[aeiou].*") ? "an " : "a ") + noun;
  }

  private static String where(TokenStreamLocation loc) {
    if (loc == null || loc.getLineNr() < 0) {
      return "";
    }
    return " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")";
  }
}
