package io.tenantfabric.model.drift;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.topology.PortName;
import java.util.Objects;

/**
 * One side of a {@link DriftItem}: the object as the intent or the switch has it, vendor-neutral; a
 * driver renders it in the switch's terms.
 */
public sealed interface ConfigPart {

  /** The switch's lossless baseline. */
  record Lossless(LosslessBaseline baseline) implements ConfigPart {
    public Lossless {
      Objects.requireNonNull(baseline, "baseline");
    }
  }

  /** A VSI with its VNI. */
  record Vsi(VsiConfig vsi) implements ConfigPart {
    public Vsi {
      Objects.requireNonNull(vsi, "vsi");
    }
  }

  /** A managed port: admin state, description, binding, inbound ACL (never its extras). */
  record Port(PortConfig port) implements ConfigPart {
    public Port {
      Objects.requireNonNull(port, "port");
    }
  }

  /** An ACL with its rules. */
  record Acl(AclConfig acl) implements ConfigPart {
    public Acl {
      Objects.requireNonNull(acl, "acl");
    }
  }

  /** Something on a managed port that the intent does not compile there (a repair removes it). */
  record Extra(PortName port, PortExtra extra) implements ConfigPart {
    public Extra {
      Objects.requireNonNull(port, "port");
      Objects.requireNonNull(extra, "extra");
    }
  }

  /** Configuration the model cannot express, in the words of the parser that met it. */
  record Unmodeled(String text) implements ConfigPart {
    public Unmodeled {
      Objects.requireNonNull(text, "text");
    }
  }
}
