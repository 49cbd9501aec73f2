import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config/env';

/**
 * Helmet's security headers on every response. @fastify/helmet rebuilt Helmet's middleware,
 * parsing the whole Content-Security-Policy again, on each request; the options never change,
 * so the middleware is built once here and only applied per request.
 */
const securityHeadersPlugin = fp<HelmetOptions>(
  async (app: FastifyInstance, options) => {
    const applyHeaders = helmet(options);
    app.addHook('onRequest', (request, reply, done) => {
      applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
  },
  { name: 'security-headers' },
);

/** Helmet's headers with a Content-Security-Policy that allows only what the web app loads. */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig) {
  const plaid = config.plaid !== undefined;
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Plaid Link is a script and a frame from Plaid's CDN, allowed only when Plaid is on.
        scriptSrc: ["'self'", ...(plaid ? ['https://cdn.plaid.com'] : [])],
        frameSrc: plaid ? ['https://cdn.plaid.com'] : ["'none'"],
        // React and Radix set inline style attributes (positions, transforms).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(plaid ? ['https://*.plaid.com'] : [])],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Only meaningful over HTTPS; harmless otherwise.
    strictTransportSecurity: config.appUrl.startsWith('https:'),
  });
}
