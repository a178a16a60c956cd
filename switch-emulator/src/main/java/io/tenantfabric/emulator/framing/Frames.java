package io.tenantfabric.emulator.framing;

import java.nio.charset.StandardCharsets;

/** Encodes one message in either framing (RFC 6242 §4.1 and §4.2). */
public final class Frames {
  static final byte[] EOM = "]]>]]>".getBytes(StandardCharsets.US_ASCII);

  private Frames() {}

  /**
   * The framed bytes of {@code message} in {@code mode}; a chunked message is sent as one chunk.
   */
  public static byte[] encode(String message, FrameMode mode) {
    byte[] body = message.getBytes(StandardCharsets.UTF_8);
    if (mode == FrameMode.END_OF_MESSAGE) {
      byte[] out = new byte[body.length + EOM.length];
      System.arraycopy(body, 0, out, 0, body.length);
      System.arraycopy(EOM, 0, out, body.length, EOM.length);
      return out;
    }
    if (body.length == 0) {
      return "\n##\n".getBytes(StandardCharsets.US_ASCII);
    }
    byte[] head = ("\n#" + body.length + "\n").getBytes(StandardCharsets.US_ASCII);
    byte[] tail = "\n##\n".getBytes(StandardCharsets.US_ASCII);
    byte[] out = new byte[head.length + body.length + tail.length];
    System.arraycopy(head, 0, out, 0, head.length);
    System.arraycopy(body, 0, out, head.length, body.length);
    System.arraycopy(tail, 0, out, head.length + body.length, tail.length);
    return out;
  }
}
