package io.tenantfabric.controller.apidoc;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A tenant's name in the path, as the API document states it. */
@Documented
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Parameter(
    description = ApiParameters.TENANT,
    schema =
        @Schema(
            type = "string",
            minLength = 3,
            maxLength = 29,
            pattern = ApiParameters.TENANT_PATTERN))
public @interface TenantPath {}
