package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.ServiceEncapsulation;
import io.tenantfabric.model.device.ServiceEncapsulation.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A service instance's match as Comware writes it: the {@code L2VPN/SRVs/SRV} row's {@code Encap}
 * code with its {@code SVlanRange} and {@code CVlanRange} (comware-facts.md section 4), and the
 * words after {@code encapsulation} in the CLI (section 6). What fits neither is {@code
 * UNREADABLE}, with what was seen.
 */
final class ComwareEncapsulation {
  // SRV Encap codes (comware-facts.md section 4)
  private static final String ENCAP_DEFAULT = "1";
  static final String ENCAP_UNTAGGED = "2";
  private static final String ENCAP_TAGGED = "3";
  private static final String ENCAP_S_VID = "4";
  private static final String ENCAP_S_VID_ONLY_TAGGED = "5";
  private static final String ENCAP_S_VID_C_VID = "6";
  private static final String ENCAP_C_VID = "7";
  private static final String ENCAP_C_VID_LIST = "8";
  private static final String ENCAP_S_VID_C_VID_LIST = "9";
  private static final String ENCAP_S_VID_C_VID_ALL = "10";
  private static final String ENCAP_S_VID_LIST = "11";
  private static final String ENCAP_S_VID_LIST_ONLY_TAGGED = "12";
  private static final String ALL = "all";
  private static final Pattern VLAN_LIST =
      Pattern.compile("\\d{1,4}(-\\d{1,4})?(,\\d{1,4}(-\\d{1,4})?)*");

  private ComwareEncapsulation() {}

  /** The match of an SRV row; a row without {@code Encap} is untagged, as the driver writes it. */
  static ServiceEncapsulation fromXml(
      Optional<String> encap, Optional<String> serviceVlans, Optional<String> customerVlans) {
    String code = encap.orElse(ENCAP_UNTAGGED).strip();
    String s = serviceVlans.orElse("").strip();
    String c = customerVlans.orElse("").strip();
    boolean hasS = !s.isEmpty();
    boolean hasC = !c.isEmpty();
    switch (code) {
      case ENCAP_DEFAULT:
        return ServiceEncapsulation.of(Kind.DEFAULT);
      case ENCAP_UNTAGGED:
        return ServiceEncapsulation.untagged();
      case ENCAP_TAGGED:
        return ServiceEncapsulation.of(Kind.TAGGED);
      case ENCAP_S_VID:
      case ENCAP_S_VID_LIST:
        if (hasS) {
          return ServiceEncapsulation.serviceVlan(s, false);
        }
        break;
      case ENCAP_S_VID_ONLY_TAGGED:
      case ENCAP_S_VID_LIST_ONLY_TAGGED:
        if (hasS) {
          return ServiceEncapsulation.serviceVlan(s, true);
        }
        break;
      case ENCAP_S_VID_C_VID:
      case ENCAP_S_VID_C_VID_LIST:
        if (hasS && hasC) {
          return ServiceEncapsulation.qinq(s, c);
        }
        break;
      case ENCAP_S_VID_C_VID_ALL:
        if (hasS) {
          return ServiceEncapsulation.qinq(s, ALL);
        }
        break;
      case ENCAP_C_VID:
      case ENCAP_C_VID_LIST:
        if (hasC) {
          return ServiceEncapsulation.customerVlan(c);
        }
        break;
      default:
        break;
    }
    StringBuilder seen = new StringBuilder("Encap ").append(code);
    if (hasS) {
      seen.append(" SVlanRange ").append(s);
    }
    if (hasC) {
      seen.append(" CVlanRange ").append(c);
    }
    return ServiceEncapsulation.unreadable(seen.toString());
  }

  /**
   * The SRV row's columns for a match, in order: {@code Encap}, then {@code SVlanRange} and {@code
   * CVlanRange} where the match has them; none for an unreadable one.
   */
  static List<String[]> xmlColumns(ServiceEncapsulation e) {
    List<String[]> columns = new ArrayList<>();
    String code =
        switch (e.kind()) {
          case DEFAULT -> ENCAP_DEFAULT;
          case UNTAGGED -> ENCAP_UNTAGGED;
          case TAGGED -> ENCAP_TAGGED;
          case SERVICE_VLAN -> isList(e.serviceVlans()) ? ENCAP_S_VID_LIST : ENCAP_S_VID;
          case SERVICE_VLAN_ONLY_TAGGED ->
              isList(e.serviceVlans()) ? ENCAP_S_VID_LIST_ONLY_TAGGED : ENCAP_S_VID_ONLY_TAGGED;
          case QINQ ->
              e.customerVlans().equals(ALL)
                  ? ENCAP_S_VID_C_VID_ALL
                  : isList(e.customerVlans()) ? ENCAP_S_VID_C_VID_LIST : ENCAP_S_VID_C_VID;
          case CUSTOMER_VLAN -> isList(e.customerVlans()) ? ENCAP_C_VID_LIST : ENCAP_C_VID;
          case UNREADABLE -> null;
        };
    if (code == null) {
      return columns;
    }
    columns.add(new String[] {"Encap", code});
    if (!e.serviceVlans().isEmpty()) {
      columns.add(new String[] {"SVlanRange", e.serviceVlans()});
    }
    if (!e.customerVlans().isEmpty() && !code.equals(ENCAP_S_VID_C_VID_ALL)) {
      columns.add(new String[] {"CVlanRange", e.customerVlans()});
    }
    return columns;
  }

  /**
   * The match of a CLI {@code encapsulation} line, from the words after the keyword: {@code
   * default}, {@code untagged}, {@code tagged}, {@code s-vid V [only-tagged | c-vid C | c-vid
   * all]}, {@code c-vid C}; VLAN lists are kept as written ({@code 10 to 20}).
   */
  static ServiceEncapsulation fromCli(String words) {
    String w = words.strip();
    switch (w) {
      case "default":
        return ServiceEncapsulation.of(Kind.DEFAULT);
      case "untagged":
        return ServiceEncapsulation.untagged();
      case "tagged":
        return ServiceEncapsulation.of(Kind.TAGGED);
      default:
        break;
    }
    List<String> t = List.of(w.split("\\s+"));
    if (t.get(0).equals("s-vid")) {
      int end = upTo(t, 1, "only-tagged", "c-vid");
      String s = vlans(t.subList(1, end));
      if (s != null) {
        if (end == t.size()) {
          return ServiceEncapsulation.serviceVlan(s, false);
        }
        List<String> customer = t.subList(end + 1, t.size());
        if (t.get(end).equals("only-tagged") && customer.isEmpty()) {
          return ServiceEncapsulation.serviceVlan(s, true);
        }
        if (t.get(end).equals("c-vid") && customer.equals(List.of(ALL))) {
          return ServiceEncapsulation.qinq(s, ALL);
        }
        if (t.get(end).equals("c-vid") && vlans(customer) != null) {
          return ServiceEncapsulation.qinq(s, vlans(customer));
        }
      }
    } else if (t.get(0).equals("c-vid") && vlans(t.subList(1, t.size())) != null) {
      return ServiceEncapsulation.customerVlan(vlans(t.subList(1, t.size())));
    }
    return ServiceEncapsulation.unreadable(w.isEmpty() ? "(nothing)" : w);
  }

  /** The words after {@code encapsulation} for a match, as {@code display} shows them. */
  static String cli(ServiceEncapsulation e) {
    return switch (e.kind()) {
      case DEFAULT -> "default";
      case UNTAGGED -> "untagged";
      case TAGGED -> "tagged";
      case SERVICE_VLAN -> "s-vid " + e.serviceVlans();
      case SERVICE_VLAN_ONLY_TAGGED -> "s-vid " + e.serviceVlans() + " only-tagged";
      case QINQ -> "s-vid " + e.serviceVlans() + " c-vid " + e.customerVlans();
      case CUSTOMER_VLAN -> "c-vid " + e.customerVlans();
      case UNREADABLE -> e.unreadable();
    };
  }

  private static boolean isList(String vlans) {
    return vlans.contains(",") || vlans.contains("-") || vlans.contains(" ");
  }

  /**
   * A VLAN list as the CLI writes it ({@code 100}, {@code 10 to 20}, {@code 10-20,30}), joined by
   * single spaces; null when a word is not part of one (the match is then unreadable).
   */
  private static String vlans(List<String> words) {
    if (words.isEmpty() || words.get(0).equals("to") || words.get(words.size() - 1).equals("to")) {
      return null;
    }
    for (String word : words) {
      if (!word.equals("to") && !VLAN_LIST.matcher(word).matches()) {
        return null;
      }
    }
    return String.join(" ", words);
  }

  /** The index of the first of {@code stops} at or after {@code from}, else the size. */
  private static int upTo(List<String> t, int from, String... stops) {
    for (int i = from; i < t.size(); i++) {
      for (String stop : stops) {
        if (t.get(i).equals(stop)) {
          return i;
        }
      }
    }
    return t.size();
  }
}
