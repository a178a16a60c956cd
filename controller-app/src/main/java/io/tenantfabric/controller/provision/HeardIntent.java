package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.notify.IntentCommitted;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The intent changes a provisioner has heard of, by their transaction ids, by either way an intent
 * change reaches it (the in-process {@link IntentCommitted} after commit, or its notification
 * through PostgreSQL), so that it counts each change once: a change counted twice would make it
 * read the intent again for nothing after its batch, and count twice the changes that end a gather.
 * The last {@value #REMEMBERED} are kept: the second way comes within milliseconds of the first.
 */
final class HeardIntent {
  static final int REMEMBERED = 4096;

  private final Map<Long, Boolean> heard =
      new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
          return size() > REMEMBERED;
        }
      };

  /** True the first time {@code notice} is heard; one below 0 (none known) always is. */
  synchronized boolean first(long notice) {
    return notice < 0 || heard.put(notice, Boolean.TRUE) == null;
  }

  /**
   * The transaction id a notification's payload carries ({@code N:T}), or -1 when it carries none
   * (an intent change that is not an allocation's, or a payload from an older instance).
   */
  static long noticeIn(String payload) {
    int colon = payload == null ? -1 : payload.indexOf(':');
    if (colon < 0 || colon == payload.length() - 1 || payload.length() - colon > 19) {
      return -1;
    }
    for (int i = colon + 1; i < payload.length(); i++) {
      if (!Character.isDigit(payload.charAt(i))) {
        return -1;
      }
    }
    return Long.parseLong(payload.substring(colon + 1));
  }
}
