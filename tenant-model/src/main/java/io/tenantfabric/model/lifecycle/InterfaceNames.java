package io.tenantfabric.model.lifecycle;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Compares interface names as switches write them, in full ({@code FourHundredGigE1/0/15}) or
 * abbreviated ({@code 400GE1/0/15}, {@code FGE1/0/15}): the same type and the same number. LLDP
 * port ids carry whichever form the far switch sends, so a plain string comparison would call a
 * correct cable wrong.
 */
public final class InterfaceNames {

  /** Full type name, lower case, to the abbreviations Comware and others are known to write. */
  private static final Map<String, List<String>> ABBREVIATIONS =
      Map.of(
          "fourhundredgige", List.of("400ge", "fh", "fhge", "fourhundredge"),
          "twohundredgige", List.of("200ge", "th", "thge", "twohundredge"),
          "hundredgige", List.of("100ge", "hge", "hu"),
          "fortygige", List.of("40ge", "fge", "fo"),
          "twentyfivegige", List.of("25ge", "wge", "twe"),
          "ten-gigabitethernet", List.of("10ge", "xge", "te"),
          "gigabitethernet", List.of("ge", "gi"),
          "fastethernet", List.of("fa", "fe"));

  private InterfaceNames() {}

  /** Whether {@code seen} names the interface {@code planned} names (case-insensitive). */
  public static boolean same(String planned, String seen) {
    if (planned == null || seen == null) {
      return false;
    }
    String p = planned.strip().toLowerCase(Locale.ROOT);
    String s = seen.strip().toLowerCase(Locale.ROOT);
    if (p.equals(s)) {
      return true;
    }
    int pAt = firstDigit(p);
    int sAt = firstDigit(s);
    if (pAt <= 0 || sAt <= 0 || !p.substring(pAt).equals(s.substring(sAt))) {
      return false;
    }
    String pType = p.substring(0, pAt);
    String sType = s.substring(0, sAt);
    return sType.equals(pType) || ABBREVIATIONS.getOrDefault(pType, List.of()).contains(sType);
  }

  /**
   * Where the number of a name starts: after the type's letters (a leading {@code 400} of {@code
   * 400GE} belongs to the type).
   */
  private static int firstDigit(String name) {
    int i = 0;
    while (i < name.length() && Character.isDigit(name.charAt(i))) {
      i++;
    }
    while (i < name.length() && !Character.isDigit(name.charAt(i))) {
      i++;
    }
    return i < name.length() ? i : -1;
  }
}
