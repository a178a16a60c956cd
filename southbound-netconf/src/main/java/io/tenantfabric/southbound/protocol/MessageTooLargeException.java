package io.tenantfabric.southbound.protocol;

/** A message grew beyond the configured maximum size while it was being decoded. */
public class MessageTooLargeException extends FramingException {

  private static final long serialVersionUID = 1L;

  private final long limit;

  public MessageTooLargeException(long limit) {
    super("message exceeds the maximum size of " + limit + " bytes");
    this.limit = limit;
  }

  public long limit() {
    return limit;
  }
}
