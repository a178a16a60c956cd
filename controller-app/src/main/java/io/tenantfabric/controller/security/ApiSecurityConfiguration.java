package io.tenantfabric.controller.security;

import static io.tenantfabric.controller.security.Role.AUDITOR;
import static io.tenantfabric.controller.security.Role.OPERATOR;
import static io.tenantfabric.controller.security.Role.PORTAL;
import static io.tenantfabric.controller.security.Role.TENANT;
import static org.springframework.http.HttpMethod.DELETE;
import static org.springframework.http.HttpMethod.GET;
import static org.springframework.http.HttpMethod.POST;
import static org.springframework.http.HttpMethod.PUT;

import io.tenantfabric.controller.web.BodyReadAhead;
import io.tenantfabric.controller.web.ProblemResponseWriter;
import io.tenantfabric.controller.web.WebLimitsProperties;
import jakarta.servlet.DispatcherType;
import java.util.Arrays;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.firewall.RequestRejectedHandler;

/**
 * The stateless filter chain: bearer tokens, then a chunked body read ahead (so that a refused
 * token never costs a body read), tenant scoping, and the role rules of the table in
 * docs/security.md, "Roles as built" (first match wins, anything not listed needs OPERATOR); the
 * console's static assets are open and carry their own Content-Security-Policy.
 */
@Configuration
@EnableConfigurationProperties(AuthProperties.class)
class ApiSecurityConfiguration {

  private static final String[] API_DOCS = {
    "/v3/api-docs", "/v3/api-docs/**", "/swagger-ui.html", "/swagger-ui/**"
  };

  @Bean
  SecurityFilterChain apiFilterChain(
      HttpSecurity http,
      TokenAuthenticator authenticator,
      AuthRefusals refusals,
      ProblemResponseWriter problems,
      AuthProperties auth,
      WebLimitsProperties limits,
      @Value("${management.server.port:0}") String managementPortSetting,
      @Value("${server.port:8080}") int serverPort)
      throws Exception {
    int managementPort = managementPort(managementPortSetting, serverPort);
    ProblemAuthenticationEntryPoint entryPoint = new ProblemAuthenticationEntryPoint(refusals);
    http.csrf(AbstractHttpConfigurer::disable)
        .httpBasic(AbstractHttpConfigurer::disable)
        .formLogin(AbstractHttpConfigurer::disable)
        .logout(AbstractHttpConfigurer::disable)
        .requestCache(AbstractHttpConfigurer::disable)
        .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
        // the console's Content-Security-Policy, on its own paths only
        .headers(h -> h.addHeaderWriter(ConsoleHeaders.writer()))
        .exceptionHandling(
            e -> e.authenticationEntryPoint(entryPoint).accessDeniedHandler(entryPoint))
        // in this order (filters before the same one keep the order they were added in)
        .addFilterBefore(new BearerTokenFilter(authenticator, refusals), AuthorizationFilter.class)
        .addFilterBefore(
            new BodyReadAhead(
                limits, problems, auth.bodyTimeout(), r -> CurrentActor.find().isPresent()),
            AuthorizationFilter.class)
        .addFilterBefore(new TenantScopeFilter(problems), AuthorizationFilter.class)
        .authorizeHttpRequests(
            a -> {
              // the dispatch that writes a ?wait= answer: the request was authorised when it came
              a.dispatcherTypeMatchers(DispatcherType.ASYNC).permitAll();
              a.requestMatchers("/error").permitAll();
              // the console's page and assets: public; every data call it makes carries a token
              a.requestMatchers(GET, "/console", "/console/**").permitAll();
              // the API map: public only where configured (fabric.auth.public-api-docs)
              if (auth.publicApiDocs()) {
                a.requestMatchers(API_DOCS).permitAll();
              } else {
                a.requestMatchers(API_DOCS).hasRole(OPERATOR.name());
              }
              // the separate management port (FABRIC_MANAGEMENT_PORT), loopback by default
              if (managementPort > 0) {
                a.requestMatchers(
                        r ->
                            r.getLocalPort() == managementPort
                                && r.getRequestURI().startsWith("/actuator/"))
                    .permitAll();
              }
              a.requestMatchers(GET, "/actuator/health", "/actuator/health/**")
                  .permitAll()
                  .requestMatchers(GET, "/actuator/prometheus")
                  .hasAnyRole(names(OPERATOR, AUDITOR))
                  // fabric: OPERATOR changes it, AUDITOR reads it
                  .requestMatchers(PUT, "/api/v1/fabric")
                  .hasRole(OPERATOR.name())
                  .requestMatchers(GET, "/api/v1/fabric", "/api/v1/fabric/**")
                  .hasAnyRole(names(OPERATOR, AUDITOR))
                  .requestMatchers("/api/v1/fabric", "/api/v1/fabric/**")
                  .hasRole(OPERATOR.name())
                  // who am I: every role
                  .requestMatchers(GET, "/api/v1/me")
                  .hasAnyRole(names(OPERATOR, PORTAL, TENANT, AUDITOR))
                  // every tenant's allocations: read by the portal, operators and auditors
                  .requestMatchers(GET, "/api/v1/allocations")
                  .hasAnyRole(names(OPERATOR, AUDITOR, PORTAL))
                  // tenants: PORTAL and OPERATOR; a TENANT reads its own (path scoped above)
                  .requestMatchers(GET, "/api/v1/tenants/{tenant}")
                  .hasAnyRole(names(OPERATOR, PORTAL, TENANT))
                  .requestMatchers(
                      GET,
                      "/api/v1/tenants/{tenant}/allocations",
                      "/api/v1/tenants/{tenant}/allocations/**")
                  .hasAnyRole(names(OPERATOR, PORTAL, TENANT))
                  .requestMatchers(DELETE, "/api/v1/tenants/{tenant}/allocations/{id}")
                  .hasAnyRole(names(OPERATOR, PORTAL, TENANT))
                  // a tenant's isolation evidence: the auditor too (a TENANT its own, by id)
                  .requestMatchers(GET, "/api/v1/tenants/{tenant}/isolation")
                  .hasAnyRole(names(OPERATOR, PORTAL, TENANT, AUDITOR))
                  .requestMatchers("/api/v1/tenants", "/api/v1/tenants/**")
                  .hasAnyRole(names(OPERATOR, PORTAL))
                  // a receipt and the chain head: a TENANT checks events of its own tenant
                  .requestMatchers(
                      GET, "/api/v1/audits/events/receipt", "/api/v1/audits/events/head")
                  .hasAnyRole(names(OPERATOR, AUDITOR, TENANT))
                  // audits: AUDITOR and OPERATOR (events, verify, isolation audits)
                  .requestMatchers(GET, "/api/v1/audits/**")
                  .hasAnyRole(names(OPERATOR, AUDITOR))
                  .requestMatchers(POST, "/api/v1/audits/isolation")
                  .hasAnyRole(names(OPERATOR, AUDITOR))
                  // the event stream: every role, each seeing what it may (event.EventVisibility)
                  .requestMatchers(GET, "/api/v1/events")
                  .hasAnyRole(names(OPERATOR, PORTAL, TENANT, AUDITOR))
                  // tokens and everything else: OPERATOR
                  .anyRequest()
                  .hasRole(OPERATOR.name());
            });
    return http.build();
  }

  /** A firewall rejection (encoded dots, slashes, ...) is a 400 problem, not an HTML page. */
  @Bean
  RequestRejectedHandler problemRequestRejectedHandler(ProblemResponseWriter problems) {
    return (request, response, e) ->
        problems.write(
            request,
            response,
            HttpStatus.BAD_REQUEST,
            "Bad request",
            "The request path or headers contain characters that are not allowed.");
  }

  /**
   * Spring Security observes nothing of its own: no wrapper round each filter of the chain, the
   * authentication or the authorisation decision. Turning its observations off by name ({@code
   * management.observations.enable.spring.security}) leaves the wrappers in place, each making a
   * no-op observation on every request (docs/perf/security-wrappers-and-bench-client.md); {@code
   * http.server.requests} still times every request.
   */
  @Bean
  static SecurityObservationSettings noSecurityObservations() {
    return SecurityObservationSettings.noObservations();
  }

  /** Keeps Boot from generating a default user and password: only bearer tokens authenticate. */
  @Bean
  UserDetailsService noUsers() {
    return new InMemoryUserDetailsManager();
  }

  private static String[] names(Role... roles) {
    return Arrays.stream(roles).map(Role::name).toArray(String[]::new);
  }

  /**
   * The separate management port, 0 without one; refused when it is the API's own port, since every
   * request to the management port is let through without a token.
   */
  static int managementPort(String setting, int serverPort) {
    int port = setting.isBlank() ? 0 : Integer.parseInt(setting.strip());
    if (port > 0 && port == serverPort) {
      throw new IllegalStateException(
          "FABRIC_MANAGEMENT_PORT ("
              + port
              + ") must differ from SERVER_PORT: the management port answers without a token");
    }
    return port;
  }
}
