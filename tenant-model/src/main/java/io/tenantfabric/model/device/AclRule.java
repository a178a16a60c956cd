package io.tenantfabric.model.device;

import io.tenantfabric.model.pool.Ipv4Prefix;
import java.util.Objects;
import java.util.Optional;

/**
 * One IPv4 advanced ACL rule matching any IP protocol; an empty source or destination matches any
 * address; the comment is empty for none.
 */
public record AclRule(
    int id,
    AclAction action,
    Optional<Ipv4Prefix> source,
    Optional<Ipv4Prefix> destination,
    boolean counting,
    String comment) {
  /** Comware rule ids run 0..65534 (65535 means "auto-assign" on the wire and is not a rule id). */
  public static final int MAX_ID = 65534;

  /** Comware rule comments are at most 127 characters. */
  public static final int MAX_COMMENT_LENGTH = 127;

  public AclRule {
    if (id < 0 || id > MAX_ID) {
      throw new InvalidDeviceConfigException(
          "rule " + id, "rule-id-range", "rule id must be 0.." + MAX_ID);
    }
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(destination, "destination");
    Objects.requireNonNull(comment, "comment");
    if (comment.length() > MAX_COMMENT_LENGTH || !TextRules.isPrintable(comment)) {
      throw new InvalidDeviceConfigException(
          "rule " + id,
          "rule-comment",
          "comment must be at most " + MAX_COMMENT_LENGTH + " printable characters");
    }
    if (!comment.equals(comment.strip())) {
      throw new InvalidDeviceConfigException(
          "rule " + id, "rule-comment", "comment must not start or end with spaces");
    }
  }
}
