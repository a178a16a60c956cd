package io.tenantfabric.model.verify;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.topology.PortName;
import java.util.Objects;

/**
 * One observed object a {@link Finding} rests on, vendor-neutral: what a switch showed (a port, a
 * VSI, an ACL, a port's lossless settings, words the model cannot express), or, for findings that
 * span switches, a step of a layer-2 segment and the switch it is on. A driver renders it in the
 * switch's own terms.
 */
public sealed interface Evidence {

  /** A port as its switch showed it, with the ACL applied outbound on it (null for none). */
  record Port(PortConfig port, String outboundAcl) implements Evidence {
    public Port {
      Objects.requireNonNull(port, "port");
    }
  }

  /** A VSI as its switch showed it, with its VNI. */
  record Vsi(VsiConfig vsi) implements Evidence {
    public Vsi {
      Objects.requireNonNull(vsi, "vsi");
    }
  }

  /** An ACL as its switch showed it, with its rules. */
  record Acl(AclConfig acl) implements Evidence {
    public Acl {
      Objects.requireNonNull(acl, "acl");
    }
  }

  /** The lossless settings a switch showed on one port. */
  record Lossless(PortName port, PortLossless settings) implements Evidence {
    public Lossless {
      Objects.requireNonNull(port, "port");
      Objects.requireNonNull(settings, "settings");
    }
  }

  /** Words taken as they came: a parser's anomaly, why a switch could not be read. */
  record Note(String text) implements Evidence {
    public Note {
      Objects.requireNonNull(text, "text");
    }
  }

  /** A segment's port on a switch, with the tenant it is allocated to (null when free). */
  record SegmentPort(String switchName, String port, String owner) implements Evidence {
    public SegmentPort {
      Objects.requireNonNull(switchName, "switchName");
      Objects.requireNonNull(port, "port");
    }
  }

  /** A segment's attachment circuit: the port's service instance into a VSI, on a switch. */
  record SegmentCircuit(String switchName, String port, int serviceInstance) implements Evidence {
    public SegmentCircuit {
      Objects.requireNonNull(switchName, "switchName");
      Objects.requireNonNull(port, "port");
    }
  }

  /** A segment's VSI on a switch. */
  record SegmentVsi(String switchName, String vsi) implements Evidence {
    public SegmentVsi {
      Objects.requireNonNull(switchName, "switchName");
      Objects.requireNonNull(vsi, "vsi");
    }
  }

  /** A segment's VNI, fabric-wide: every VSI carrying it floods into the others. */
  record SegmentVni(int vni) implements Evidence {}

  /** A VSI on a switch and the VNI it carries. */
  record VniCarrier(String switchName, String vsi, int vni) implements Evidence {
    public VniCarrier {
      Objects.requireNonNull(switchName, "switchName");
      Objects.requireNonNull(vsi, "vsi");
    }
  }
}
