package io.tenantfabric.controller.apidoc;

import io.tenantfabric.controller.web.QueryParameters;
import io.tenantfabric.model.tenant.TenantName;
import io.tenantfabric.model.topology.ServerName;
import io.tenantfabric.model.topology.SwitchName;

/**
 * Descriptions and bounds of the parameters many operations share, as compile-time constants for
 * springdoc's annotations, taken from the constants the validation itself uses.
 */
public final class ApiParameters {

  public static final String WAIT =
      "Hold the answer until the final state, for at most this long: an ISO-8601 duration from"
          + " PT0S to PT60S. Absent or PT0S: answer at once with 202. Past it: 202 with the"
          + " resource as it is, and its Location to read again.";

  public static final String PAGE = "The page, from 0";
  public static final String PAGE_MAX = "" + QueryParameters.MAX_PAGE;
  public static final String SIZE = "Items per page";
  public static final String SIZE_MAX = "" + QueryParameters.MAX_PAGE_SIZE;
  public static final String LIMIT = "How many, newest first";

  public static final String TENANT = "The tenant's name";
  public static final String TENANT_PATTERN = TenantName.REGEX;
  public static final String UUID_PATTERN =
      "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

  public static final String SWITCH = "The switch's name, such as leaf-01";
  public static final String SWITCH_PATTERN = SwitchName.REGEX;
  public static final String SERVER_PATTERN = ServerName.REGEX;

  /** A GPU's index on its server: 0 to 63, no leading zero (two digits pass here). */
  public static final String GPU_INDEX = "(0|[1-9][0-9]?)";

  /** A server's name, a colon and the GPU's index (a slash, the other form, cannot be in one). */
  public static final String GPU_PATTERN = "^" + ServerName.LABEL + ":" + GPU_INDEX + "$";

  /**
   * An Idempotency-Key: printable ASCII without spaces, as most clients generate (UUIDs, ULIDs,
   * base64).
   */
  public static final String IDEMPOTENCY_KEY_PATTERN = "^[\\x21-\\x7E]{1,255}$";

  public static final String IDEMPOTENCY_KEY =
      "A key of 1 to 255 printable ASCII characters without spaces, one per request: a retry"
          + " with the same key and request gets the first answer again (for 24 hours by"
          + " default), the same key with another body or target is 422. A key is the sending"
          + " token's own.";

  public static final String IDEMPOTENT_REPLAYED =
      "true when this is the first answer to the same Idempotency-Key and request, replayed";

  public static final String OWN_TENANT =
      "A TENANT token reaches its own tenant only; another tenant's answers 404.";

  private ApiParameters() {}
}
