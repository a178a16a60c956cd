package io.tenantfabric.controller.provision;

import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.southbound.session.SessionPool;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;

/**
 * The sessions this instance keeps to a switch, in the provisioner's pool and the views' alike:
 * dropped when the switch's identity is replaced, so that the next use connects afresh and checks
 * the newly pinned host key. Call it on the provisioner thread, where no transaction on the switch
 * can be in the middle of its rpcs.
 */
@Component
public class SwitchSessions {

  private final SessionPool provisioner;
  private final SessionPool views;

  SwitchSessions(
      SessionPool provisioner, @Qualifier("viewSessionPool") SessionPool viewSessionPool) {
    this.provisioner = provisioner;
    this.views = viewSessionPool;
  }

  /** Cuts every session to {@code name} this instance holds. */
  public void drop(SwitchName name) {
    provisioner.evict(name.value());
    views.evict(name.value());
  }
}
