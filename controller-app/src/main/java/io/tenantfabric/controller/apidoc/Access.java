package io.tenantfabric.controller.apidoc;

import io.tenantfabric.controller.security.Role;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The roles that may call an endpoint, as the API document states them ({@code x-roles} and the
 * description). The security filter chain enforces them; the role matrix test holds the two equal.
 */
@Documented
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface Access {

  Role[] value();

  /** How a TENANT token is limited, where it may call the endpoint at all. */
  String tenantScope() default "";
}
