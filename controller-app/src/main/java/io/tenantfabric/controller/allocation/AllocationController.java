package io.tenantfabric.controller.allocation;

import io.tenantfabric.controller.security.CurrentActor;
import io.tenantfabric.controller.security.TenantAccess;
import io.tenantfabric.controller.tenant.TenantNames;
import io.tenantfabric.controller.web.ApiException;
import io.tenantfabric.controller.web.QueryParameters;
import io.tenantfabric.model.tenant.TenantName;
import jakarta.validation.Valid;
import java.net.URI;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code /api/v1/tenants/{tenant}/allocations}: allocate (202), list, read, release (202). */
@RestController
@RequestMapping("/api/v1/tenants/{tenant}/allocations")
class AllocationController {

  /** Printable ASCII without spaces, as most clients generate (UUIDs, ULIDs, base64). */
  private static final Pattern KEY = Pattern.compile("[\\x21-\\x7E]{1,255}");

  private final AllocateGpus allocate;
  private final ReadAllocations read;
  private final ReleaseAllocation release;
  private final TenantAccess access;

  AllocationController(
      AllocateGpus allocate, ReadAllocations read, ReleaseAllocation release, TenantAccess access) {
    this.allocate = allocate;
    this.read = read;
    this.release = release;
    this.access = access;
  }

  @PostMapping
  ResponseEntity<String> allocate(
      @PathVariable String tenant,
      @RequestHeader(name = "Idempotency-Key", required = false) String idempotencyKey,
      @Valid @RequestBody AllocateRequest request) {
    access.requireVisible(tenant);
    TenantName name = TenantNames.parse(tenant, "tenant");
    Reply reply = allocate.allocate(name, request, clientKey(idempotencyKey));
    ResponseEntity.BodyBuilder response =
        ResponseEntity.status(reply.status()).contentType(MediaType.APPLICATION_JSON);
    if (reply.location() != null) {
      response.location(URI.create(reply.location()));
    }
    if (reply.replayed()) {
      response.header("Idempotent-Replayed", "true");
    }
    return response.body(reply.body());
  }

  @GetMapping
  AllocationPage list(
      @PathVariable String tenant,
      @RequestParam(defaultValue = "0") String page,
      @RequestParam(defaultValue = "50") String size) {
    access.requireVisible(tenant);
    return read.page(
        TenantNames.parse(tenant, "tenant"),
        QueryParameters.boundedInt(page, "page", 0, 1_000_000),
        QueryParameters.boundedInt(size, "size", 1, 200));
  }

  @GetMapping("/{id}")
  AllocationView get(@PathVariable String tenant, @PathVariable String id) {
    access.requireVisible(tenant);
    return read.one(TenantNames.parse(tenant, "tenant"), uuid(id));
  }

  @DeleteMapping("/{id}")
  ResponseEntity<AllocationView> release(@PathVariable String tenant, @PathVariable String id) {
    access.requireVisible(tenant);
    return ResponseEntity.accepted()
        .body(release.release(TenantNames.parse(tenant, "tenant"), uuid(id)));
  }

  // A key is unique per tenant (by id, added by the use case) and per role of the caller, so that
  // the portal's and an operator's keys never collide.
  private static Optional<ClientKey> clientKey(String key) {
    if (key == null) {
      return Optional.empty();
    }
    if (!KEY.matcher(key).matches()) {
      throw new ApiException(
              HttpStatus.BAD_REQUEST,
              "Invalid Idempotency-Key",
              "An Idempotency-Key is 1 to 255 printable ASCII characters without spaces.")
          .field("Idempotency-Key");
    }
    return Optional.of(new ClientKey("allocations:" + CurrentActor.get().role().name(), key));
  }

  private static UUID uuid(String raw) {
    try {
      UUID id = UUID.fromString(raw);
      if (id.toString().equalsIgnoreCase(raw)) {
        return id;
      }
    } catch (IllegalArgumentException e) {
      // fall through to the 400 below: not a UUID
    }
    throw new ApiException(
            HttpStatus.BAD_REQUEST, "Invalid allocation id", "An allocation id is a UUID.")
        .field("id");
  }
}
