package io.tenantfabric.controller.event;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.apidoc.Refuses;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.CurrentActor;
import io.tenantfabric.controller.security.Role;
import java.util.Optional;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;

/**
 * {@code GET /api/v1/events}: the server-sent event stream of every role, each seeing what its
 * token may see; resumed with {@code Last-Event-ID}. It takes no query parameter: a bearer token
 * there would land in access logs and browser histories, so any is refused.
 */
@RestController
@Tag(name = "events")
class EventController {

  private final OpenEventStream open;

  EventController(OpenEventStream open) {
    this.open = open;
  }

  @GetMapping("/api/v1/events")
  @Operation(
      operationId = "streamEvents",
      summary = "Follow changes as server-sent events",
      description = EventStreamDoc.DESCRIPTION)
  @ApiResponse(
      responseCode = "200",
      description = "The stream (`text/event-stream`), open until the client goes",
      content =
          @Content(
              mediaType = MediaType.TEXT_EVENT_STREAM_VALUE,
              schema = @Schema(type = "string", maxLength = Integer.MAX_VALUE)))
  @Access({Role.OPERATOR, Role.PORTAL, Role.TENANT, Role.AUDITOR})
  @Refuses({Refusal.Reason.TOO_MANY, Refusal.Reason.UNAVAILABLE})
  ResponseEntity<ResponseBodyEmitter> events(
      @Parameter(
              description =
                  "The `id:` of the last event received, to resume after it (this token's only)",
              schema = @Schema(type = "string", maxLength = 200))
          @RequestHeader(name = OpenEventStream.LAST_EVENT_ID, required = false)
          String lastEventId,
      @Parameter(hidden = true) @RequestParam MultiValueMap<String, String> query) {
    if (!query.isEmpty()) {
      String name = query.keySet().iterator().next();
      throw Refusal.invalid(
              "Query parameter refused",
              "The event stream takes no query parameter; send the token in the Authorization"
                  + " header, never in the URL.")
          .field(name);
    }
    ResponseBodyEmitter emitter = open.open(CurrentActor.get(), Optional.ofNullable(lastEventId));
    return ResponseEntity.ok()
        .contentType(MediaType.TEXT_EVENT_STREAM)
        .cacheControl(CacheControl.noStore())
        // a buffering reverse proxy would hold events back (nginx honours this)
        .header("X-Accel-Buffering", "no")
        .body(emitter);
  }
}
