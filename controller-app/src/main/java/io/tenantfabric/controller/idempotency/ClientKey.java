package io.tenantfabric.controller.idempotency;

import io.tenantfabric.controller.apidoc.ApiParameters;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.CurrentActor;
import io.tenantfabric.db.idempotency.IdempotencyKey;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * An {@code Idempotency-Key} as the client sent it, with the scope it is unique in: the token that
 * sent it (so that no other caller, not even another token of the same tenant or role, ever has its
 * answer replayed) and the operation.
 */
public record ClientKey(UUID tokenId, IdempotentOperation operation, String key) {

  /** The header's name. */
  public static final String HEADER = "Idempotency-Key";

  private static final Pattern KEY = Pattern.compile(ApiParameters.IDEMPOTENCY_KEY_PATTERN);

  /**
   * The key of the current request's header for {@code operation}, empty without one; a 400 problem
   * naming the header when it is malformed.
   */
  public static Optional<ClientKey> of(String header, IdempotentOperation operation) {
    if (header == null) {
      return Optional.empty();
    }
    if (!KEY.matcher(header).matches()) {
      throw Refusal.invalid(
              "Invalid Idempotency-Key",
              "An Idempotency-Key is 1 to 255 printable ASCII characters without spaces.")
          .field(HEADER);
    }
    return Optional.of(new ClientKey(CurrentActor.get().tokenId(), operation, header));
  }

  /** The key its record is stored under. */
  IdempotencyKey stored() {
    return new IdempotencyKey(tokenId, operation.scope(), key);
  }
}
