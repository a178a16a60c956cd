package io.tenantfabric.model.pool;

/** A VXLAN network identifier, 1..16777215 (RFC 7348 §5: 24 bits; 0 is not used by Comware). */
public record Vni(int value) implements Comparable<Vni> {

  /** The largest VNI a 24-bit field can carry. */
  public static final int MAX = 0xFFFFFF;

  public Vni {
    if (value < 1 || value > MAX) {
      throw new IllegalArgumentException("VNI " + value + " is outside 1.." + MAX);
    }
  }

  @Override
  public int compareTo(Vni other) {
    return Integer.compare(value, other.value);
  }

  @Override
  public String toString() {
    return Integer.toString(value);
  }
}
