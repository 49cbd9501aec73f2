import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config/env';

/**
 * Helmet's headers for these options. They depend on neither the request nor the response (no
 * directive here is a function), so Helmet's middleware runs once, against a recorder, instead
 * of on every request: per request, a dozen middleware calls and `setHeader`s cost as much as a
 * whole bare Fastify route.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('Helmet did not set its headers synchronously');
  return headers;
}

/** Helmet's security headers on every response (@fastify/helmet rebuilt them per request). */
const securityHeadersPlugin = fp<HelmetOptions>(
  async (app: FastifyInstance, options) => {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);

/** Helmet's headers with a Content-Security-Policy that allows only what the web app loads. */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig) {
  const plaid = config.plaid !== undefined;
  // Stripe.js and its Payment Element / 3-D Secure frames, only when Stripe takes the cards.
  const stripe = config.stripe !== undefined;
  const stripeScripts = stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [];
  const stripeFrames = stripe ? [...stripeScripts, 'https://hooks.stripe.com'] : [];
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Plaid Link is a script and a frame from Plaid's CDN, allowed only when Plaid is on.
        scriptSrc: ["'self'", ...(plaid ? ['https://cdn.plaid.com'] : []), ...stripeScripts],
        frameSrc:
          plaid || stripe
            ? [...(plaid ? ['https://cdn.plaid.com'] : []), ...stripeFrames]
            : ["'none'"],
        // React and Radix set inline style attributes (positions, transforms).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [
          "'self'",
          ...(plaid ? ['https://*.plaid.com'] : []),
          ...(stripe ? ['https://api.stripe.com'] : []),
        ],
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
