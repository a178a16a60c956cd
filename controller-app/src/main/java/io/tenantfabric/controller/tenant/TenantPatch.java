package io.tenantfabric.controller.tenant;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.web.ApiLimits;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * A JSON merge patch (RFC 7396) of a tenant: the members present are changed, those absent kept.
 * Neither may be removed ({@code null}), and nothing else of a tenant is changed this way (its name
 * is its identity; its VNI and prefix come from the pools). A member of the wrong type is a 400; a
 * value out of its bounds a 422, both naming the member.
 */
@Schema(
    name = "TenantPatch",
    description = "The members to change; a member absent is kept as it is",
    additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
record TenantPatch(
    @Schema(nullable = false, minimum = "1", maximum = ApiLimits.MAX_GPUS_TEXT, example = "128")
        Integer gpuQuota,
    @Schema(nullable = false, minLength = 1, maxLength = 200, example = "Acme AI Research")
        String displayName) {

  private static final Pattern CONTROL = Pattern.compile("[\\u0000-\\u001F\\u007F-\\u009F]");

  /** The patch {@code body} holds, or the refusal naming the member at fault. */
  static TenantPatch parse(JsonNode body) {
    if (body == null || !body.isObject()) {
      throw Refusal.invalid("Invalid merge patch", "The body must be a JSON object.").field("body");
    }
    Integer quota = null;
    String name = null;
    for (Iterator<Map.Entry<String, JsonNode>> it = body.properties().iterator(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> member = it.next();
      switch (member.getKey()) {
        case "gpuQuota" -> quota = quota(member.getValue());
        case "displayName" -> name = displayName(member.getValue());
        default ->
            throw Refusal.invalid(
                    "Invalid merge patch",
                    member.getKey()
                        + " cannot be changed: a tenant patch holds gpuQuota and displayName.")
                .field(member.getKey());
      }
    }
    return new TenantPatch(quota, name);
  }

  Optional<Integer> quota() {
    return Optional.ofNullable(gpuQuota);
  }

  Optional<String> name() {
    return Optional.ofNullable(displayName);
  }

  private static int quota(JsonNode v) {
    if (v.isNull()) {
      throw removed("gpuQuota");
    }
    if (!v.isIntegralNumber() || !v.canConvertToInt()) {
      throw Refusal.invalid("Invalid merge patch", "gpuQuota must be an integer.")
          .field("gpuQuota");
    }
    int q = v.intValue();
    if (q < 1 || q > ApiLimits.MAX_GPUS) {
      throw Refusal.unprocessable(
              "GPU quota out of bounds",
              "gpuQuota must be from 1 to " + ApiLimits.MAX_GPUS + "; it was " + q + ".")
          .field("gpuQuota");
    }
    return q;
  }

  private static String displayName(JsonNode v) {
    if (v.isNull()) {
      throw removed("displayName");
    }
    if (!v.isString()) {
      throw Refusal.invalid("Invalid merge patch", "displayName must be a string.")
          .field("displayName");
    }
    String s = v.stringValue();
    if (s.isBlank() || s.length() > 200 || CONTROL.matcher(s).find()) {
      throw Refusal.unprocessable(
              "Invalid display name",
              "displayName must be 1 to 200 characters, not blank, without control characters.")
          .field("displayName");
    }
    return s;
  }

  private static Refusal removed(String member) {
    return Refusal.invalid(
            "Invalid merge patch", member + " cannot be removed: a tenant always has one.")
        .field(member);
  }
}
