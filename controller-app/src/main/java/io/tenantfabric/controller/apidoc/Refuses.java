package io.tenantfabric.controller.apidoc;

import io.tenantfabric.controller.refusal.Refusal;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The refusals an endpoint's use case may raise beyond those every endpoint can answer with; the
 * API document lists each as a problem response with the status the web edge maps it to.
 */
@Documented
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface Refuses {

  Refusal.Reason[] value();
}
