package io.tenantfabric.controller.security;

import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What Tomcat does with request bodies that arrive slowly, so that a client cannot hold request
 * threads by trickling a body: no pause between two reads of a body may last longer than {@code
 * fabric.auth.body-timeout} (Tomcat's upload timeout; else the connection timeout, a minute), and
 * the unread rest of a body is not read at all after an answer that closes the connection ({@link
 * RefusedBodyValve}). The read of an anonymous request's body as a whole is bounded by {@code
 * BodyReadAhead}.
 */
@Configuration
class SlowBodies {

  @Bean
  WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> tomcatBodyLimits(
      AuthProperties auth) {
    int uploadTimeout = (int) Math.min(Integer.MAX_VALUE, auth.bodyTimeout().toMillis());
    return factory -> {
      factory.addEngineValves(new RefusedBodyValve());
      factory.addConnectorCustomizers(
          connector -> {
            if (connector.getProtocolHandler() instanceof AbstractHttp11Protocol<?> http) {
              http.setDisableUploadTimeout(false);
              http.setConnectionUploadTimeout(uploadTimeout);
            }
          });
    };
  }
}
