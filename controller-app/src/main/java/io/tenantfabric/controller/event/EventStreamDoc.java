package io.tenantfabric.controller.event;

/** The API document's description of the event stream: its types, payloads and rules. */
final class EventStreamDoc {

  static final String DESCRIPTION =
      "Server-sent events (`text/event-stream`) of the changes a token may see, as they commit."
          + " Each event is `id: <cursor>`, `event: <type>`, `data: <one line of JSON>` and a"
          + " blank line. Types and payloads:\n\n"
          + "- `allocation` `{id, tenantId, tenant, status, health, healthReasons, failureReason}`:"
          + " an allocation was created, or its status or health changed;\n"
          + "- `switch` `{name, state, lastError}`: a switch's state or last error changed;\n"
          + "- `cabling` `{link, state}`: a cable end's state changed (`link` is `\"<switch>"
          + " <port>\"`; `UNCHECKED` when its record went);\n"
          + "- `operation` `{id, kind, state, step}`: a fabric operation was created or moved;\n"
          + "- `isolation-audit` `{id, status}`: an isolation audit was requested or moved;\n"
          + "- `evidence` `{tenant}`: the tenant's isolation evidence changed.\n\n"
          + "OPERATOR and AUDITOR see every event; PORTAL the `allocation` events of every"
          + " tenant; TENANT its own tenant's `allocation` and `evidence` events. The order is the"
          + " same on every instance, and an event is sent only once every change that could"
          + " come before it has committed or rolled back. To resume, send the last `id:` as"
          + " `Last-Event-ID` (to any instance): every later event follows once. A cursor is"
          + " opaque and works only for the token that received it (else 400, `field:"
          + " Last-Event-ID`). Events are kept at least a day (`FABRIC_EVENTS_RETENTION`): a"
          + " cursor older than that gets `event: reset` (`data: {}`) with a fresh id, and the"
          + " stream goes on live; the client re-reads its state. An idle stream sends `:"
          + " heartbeat` every 15 s; it ends when its token is revoked or expires, and is dropped"
          + " when its client does not keep up (resume with the last id). At most 4 streams per"
          + " token and 256 per instance (429 with `Retry-After`). No query parameter is"
          + " accepted: the token goes in the `Authorization` header, never in the URL (400"
          + " naming the parameter).";

  private EventStreamDoc() {}
}
