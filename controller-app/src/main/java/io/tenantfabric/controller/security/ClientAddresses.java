package io.tenantfabric.controller.security;

import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.security.web.util.matcher.IpAddressMatcher;

/**
 * The client address a request is attributed to: the peer address, unless the peer is a configured
 * trusted proxy; then the right-most {@code X-Forwarded-For} entry that is not a trusted proxy
 * (entries to its left are whatever the client wrote, so they are not believed).
 */
final class ClientAddresses {

  // only IP literals reach InetAddress (through IpAddressMatcher): never a DNS lookup on a header
  private static final Pattern IP_LITERAL = Pattern.compile("[0-9A-Fa-f:.]{2,45}");

  private final List<IpAddressMatcher> trusted;

  ClientAddresses(List<String> trustedProxies) {
    this.trusted =
        trustedProxies.stream()
            .map(
                p -> {
                  if (!IP_LITERAL.matcher(p.replaceFirst("/\\d{1,3}$", "")).matches()) {
                    throw new IllegalArgumentException(
                        "fabric.auth.trusted-proxies: '"
                            + p
                            + "' is not an IP address or CIDR range");
                  }
                  return new IpAddressMatcher(p);
                })
            .toList();
  }

  String of(HttpServletRequest request) {
    String peer = request.getRemoteAddr();
    if (!isTrusted(peer)) {
      return peer;
    }
    String forwarded = request.getHeader("X-Forwarded-For");
    if (forwarded == null) {
      return peer;
    }
    String[] hops = forwarded.split(",");
    for (int i = hops.length - 1; i >= 0; i--) {
      String hop = hops[i].strip();
      if (!IP_LITERAL.matcher(hop).matches()) {
        return peer; // garbage in the chain: attribute the request to the proxy that sent it
      }
      if (!isTrusted(hop)) {
        return hop;
      }
    }
    return peer;
  }

  private boolean isTrusted(String address) {
    if (address == null || !IP_LITERAL.matcher(address).matches()) {
      return false;
    }
    for (IpAddressMatcher m : trusted) {
      if (m.matches(address)) {
        return true;
      }
    }
    return false;
  }
}
