package io.tenantfabric.controller.cabling;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.web.QueryParameters;
import io.tenantfabric.model.lifecycle.CablingState;
import io.tenantfabric.model.topology.SwitchName;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The query of {@code GET /api/v1/fabric/cabling}, checked: {@code state} a comma list of states
 * (none: every state), {@code switch} one switch's links, {@code after} the cursor a page gave as
 * {@code next}, {@code limit} links per page. Junk is a 400 naming the parameter.
 */
record CablingQuery(
    Set<CablingState> states, Optional<String> switchName, Optional<PortKey> after, int limit) {

  static final int DEFAULT_LIMIT = 100;
  static final int MAX_LIMIT = 500;

  /** A state list as the parameter takes it, for the API document. */
  static final String STATE_PATTERN =
      "^(UNCHECKED|OK|UNVERIFIED|MISSING|WRONG_PEER|UNEXPECTED)"
          + "(,(UNCHECKED|OK|UNVERIFIED|MISSING|WRONG_PEER|UNEXPECTED)){0,5}$";

  /** A cursor: the base64url (no padding) of a switch name, a line feed and a port name. */
  static final String CURSOR_PATTERN = "^[A-Za-z0-9_-]{1,200}$";

  static CablingQuery parse(String state, String switchName, String after, String limit) {
    return new CablingQuery(
        states(state),
        Optional.ofNullable(switchName).map(CablingQuery::switchName),
        Optional.ofNullable(after).map(CablingQuery::cursor),
        limit == null ? DEFAULT_LIMIT : QueryParameters.boundedInt(limit, "limit", 1, MAX_LIMIT));
  }

  /** The cursor that resumes after {@code key}. */
  static String cursor(PortKey key) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString((key.switchName() + "\n" + key.port()).getBytes(StandardCharsets.UTF_8));
  }

  private static Set<CablingState> states(String raw) {
    if (raw == null) {
      return EnumSet.allOf(CablingState.class);
    }
    Set<CablingState> states = EnumSet.noneOf(CablingState.class);
    for (String s : raw.split(",", -1)) {
      try {
        states.add(CablingState.valueOf(s.strip().toUpperCase(Locale.ROOT)));
      } catch (IllegalArgumentException e) {
        throw Refusal.invalid(
                "Invalid query parameter",
                "'state' is a comma-separated list of UNCHECKED, OK, UNVERIFIED, MISSING,"
                    + " WRONG_PEER and UNEXPECTED.")
            .field("state");
      }
    }
    return states;
  }

  private static String switchName(String raw) {
    try {
      return new SwitchName(raw).value();
    } catch (IllegalArgumentException e) {
      throw Refusal.invalid(
              "Invalid query parameter",
              "'switch' is a switch name: lower-case letters, digits and dashes, like leaf-01.")
          .field("switch");
    }
  }

  private static PortKey cursor(String raw) {
    try {
      if (raw.length() > 200) {
        throw new IllegalArgumentException("too long");
      }
      String text = new String(Base64.getUrlDecoder().decode(raw), StandardCharsets.UTF_8);
      int lf = text.indexOf('\n');
      if (lf < 1 || lf == text.length() - 1) {
        throw new IllegalArgumentException("not a cursor");
      }
      return new PortKey(new SwitchName(text.substring(0, lf)).value(), text.substring(lf + 1));
    } catch (IllegalArgumentException e) {
      throw Refusal.invalid(
              "Invalid query parameter",
              "'after' is the 'next' cursor of the page before, passed back as it was given.")
          .field("after");
    }
  }
}
