package io.tenantfabric.controller.apidoc;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A resource's id (a UUID) in the path, as the API document states it. */
@Documented
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Parameter(
    description = "The id (a UUID)",
    schema =
        @Schema(
            type = "string",
            format = "uuid",
            maxLength = 36,
            pattern = ApiParameters.UUID_PATTERN))
public @interface UuidPath {}
