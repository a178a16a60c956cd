package io.tenantfabric.controller.apidoc;

import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import java.math.BigDecimal;
import java.util.List;

/**
 * The one {@code Problem} schema of the API: RFC 9457's members and every extension member the
 * service sends, each optional except {@code title} and {@code status}.
 */
final class ProblemSchema {

  private static final int TEXT = 2_000;
  private static final int NAME = 255;

  static final String FIELD_ERROR = "FieldError";

  private ProblemSchema() {}

  /** One invalid field of a request: its name and what is wrong with it. */
  static Schema<?> fieldError() {
    ObjectSchema error = new ObjectSchema();
    error.description("One invalid field of a request");
    error.addProperty("field", text(NAME, "The field"));
    error.addProperty("message", text(TEXT, "What is wrong with it"));
    error.required(List.of("field", "message"));
    return error;
  }

  static Schema<?> schema() {
    ObjectSchema s = new ObjectSchema();
    s.description("An RFC 9457 problem, with the members this API adds");
    s.required(List.of("title", "status"));
    s.addProperty(
        "type",
        text(
            NAME,
            "A URI reference naming the problem type: about:blank, or a urn:tenant-fabric:problem: name where"
                + " a client must tell the problem apart from others of its status"));
    s.addProperty("title", text(NAME, "A short summary of the problem type"));
    s.addProperty(
        "status",
        new IntegerSchema()
            .format("int32")
            .minimum(BigDecimal.valueOf(400))
            .maximum(BigDecimal.valueOf(599))
            .description("The HTTP status"));
    s.addProperty(
        "detail", text(TEXT, "What went wrong here, in words; a switch's own words included"));
    s.addProperty("instance", text(TEXT, "The request's path"));
    s.addProperty("requestId", text(64, "The request's id (as in X-Request-Id)"));
    s.addProperty(
        "field", text(NAME, "The parameter, header or body field at fault (the first one)"));
    ArraySchema errors = new ArraySchema();
    errors.setItems(new Schema<>().$ref("#/components/schemas/" + FIELD_ERROR));
    errors.setMaxItems(100);
    errors.setDescription("Every invalid field");
    s.addProperty("errors", errors);
    s.addProperty("retryAfterSeconds", count("Seconds to wait before retrying (as Retry-After)"));
    s.addProperty("limitBytes", count("The body limit that was exceeded, in bytes"));
    s.addProperty("requested", gpus("GPUs requested"));
    s.addProperty("free", gpus("GPUs free in the fabric"));
    s.addProperty("quota", gpus("The tenant's GPU quota"));
    s.addProperty("live", gpus("GPUs the tenant holds now"));
    s.addProperty("liveGpus", gpus("GPUs the tenant still holds"));
    s.addProperty("queued", count("Isolation audits already waiting"));
    s.addProperty("pool", text(NAME, "The exhausted pool (vni or prefix)"));
    s.addProperty("state", text(NAME, "The state that refuses the request, such as UNMANAGED"));
    s.addProperty("device", text(NAME, "The switch concerned"));
    s.addProperty(
        "operation",
        text(NAME, "The id of the fabric operation concerned (say, the one holding the switch)"));
    s.addProperty("tenant", text(NAME, "The tenant whose allocation stands in the way"));
    s.addProperty("allocation", text(NAME, "The id of the live allocation that stands in the way"));
    s.addProperty("changedDevices", names("Switches whose host key changed"));
    s.addProperty("pinnedHostKeySha256", text(NAME, "The host key pinned for the first of them"));
    s.addProperty("hostKeySha256", text(NAME, "The host key it presented"));
    s.addProperty("reasons", names("Why a fabric change is refused, one line each (at most 50)"));
    s.addProperty("growth", text(NAME, "Where a fabric in service is grown instead"));
    s.addProperty("fabric", text(NAME, "The fabric concerned"));
    s.addProperty("kind", text(NAME, "The kind of the fabric operation concerned"));
    ObjectSchema violation = new ObjectSchema();
    violation.addProperty("element", text(NAME, "The part of the spec at fault"));
    violation.addProperty("rule", text(NAME, "The rule it breaks"));
    violation.addProperty("message", text(TEXT, "What is wrong"));
    violation.required(List.of("element", "rule", "message"));
    ArraySchema violations = new ArraySchema();
    violations.setItems(violation);
    violations.setMaxItems(50);
    violations.setDescription("Why a fabric spec is refused, rule by rule (at most 50)");
    s.addProperty("violations", violations);
    return s;
  }

  private static StringSchema text(int maxLength, String description) {
    StringSchema text = new StringSchema();
    text.setMaxLength(maxLength);
    text.setDescription(description);
    return text;
  }

  private static IntegerSchema gpus(String description) {
    IntegerSchema gpus = new IntegerSchema();
    gpus.setFormat("int32");
    gpus.setMinimum(BigDecimal.ZERO);
    gpus.setMaximum(BigDecimal.valueOf(Integer.MAX_VALUE));
    gpus.setDescription(description);
    return gpus;
  }

  private static IntegerSchema count(String description) {
    IntegerSchema count = new IntegerSchema();
    count.setFormat("int64");
    count.setMinimum(BigDecimal.ZERO);
    count.setMaximum(BigDecimal.valueOf(Long.MAX_VALUE));
    count.setDescription(description);
    return count;
  }

  private static ArraySchema names(String description) {
    return (ArraySchema)
        new ArraySchema().items(text(TEXT, null)).maxItems(4096).description(description);
  }
}
