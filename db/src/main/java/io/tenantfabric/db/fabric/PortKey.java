package io.tenantfabric.db.fabric;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.io.Serializable;

/** Primary key of a port: the switch and the port's interface name. */
@Embeddable
public record PortKey(
    @Column(name = "switch_name") String switchName, @Column(name = "name") String name)
    implements Serializable {}
