import { ACCESS_TOKEN_TTL_SECONDS } from '@vowa/shared/auth/token-lifetimes';
import { errorResponseSchema, messageResponseSchema } from '@vowa/shared/auth/auth-schemas';
import {
  authenticationOptionsSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  disableTwoFactorRequestSchema,
  enableTwoFactorRequestSchema,
  loginResponseSchema,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyLoginOptionsRequestSchema,
  passkeyLoginVerifyRequestSchema,
  passkeyRegisterVerifyRequestSchema,
  passkeySchema,
  recoveryCodesSchema,
  registrationOptionsSchema,
  sessionIdParamsSchema,
  sessionListSchema,
  twoFactorLoginRequestSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@vowa/shared/auth/security-schemas';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/authenticate';
import { clearRefreshCookie, setRefreshCookie } from '../auth/auth-cookies';
import type { SignIn, TwoFactorChallenge } from '../auth/auth-service';
import type { SecurityService } from './security-service';

type Options = { service: SecurityService; secureCookies: boolean; rateLimitMax: number };

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

/** The Security settings and the second sign-in steps, under /api/auth. */
export const securityRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { service, secureCookies } = options;
  // Anything that checks a password or a code is limited like login.
  const rateLimited = { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } };
  const tags = ['security'];
  const bearer = [{ bearerAuth: [] }];
  const client = (request: FastifyRequest) => ({
    userAgent: request.headers['user-agent'] ?? null,
    ipAddress: request.ip,
  });

  /** The same answer as POST /login: the access token, with the refresh token in its cookie. */
  const signedIn = (reply: FastifyReply, signIn: SignIn | TwoFactorChallenge) => {
    if ('twoFactorRequired' in signIn) {
      return { two_factor_required: true as const, challenge_token: signIn.challengeToken };
    }
    setRefreshCookie(reply, signIn.refreshToken, secureCookies);
    return {
      access_token: signIn.accessToken,
      token_type: 'bearer' as const,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
    };
  };

  // ---------- Password ----------

  app.post(
    '/change_password',
    {
      config: rateLimited,
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Change the password; ends every other sign-in',
        security: bearer,
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.changePassword(
        requireAuth(request),
        request.body.current_password,
        request.body.new_password,
      ),
  );

  // ---------- Sessions ----------

  app.get(
    '/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The signed-in user's live sign-ins; `current` marks this one",
        security: bearer,
        response: { 200: sessionListSchema, ...errors },
      },
    },
    async (request) => ({ sessions: await service.sessions(requireAuth(request)) }),
  );

  app.delete(
    '/sessions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'End one of your sign-ins (at once)',
        security: bearer,
        params: sessionIdParamsSchema,
        response: { 204: z.null().describe('Ended'), ...errors },
      },
    },
    async (request, reply) => {
      await service.revokeSession(requireAuth(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/sessions/revoke_others',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Sign out everywhere else: end every sign-in but this one',
        security: bearer,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => service.revokeOtherSessions(requireAuth(request)),
  );

  // ---------- Account ----------

  // /delete_account is the path the spec's catalogue names; /account is the same call.
  for (const path of ['/account', '/delete_account']) {
    app.delete(
      path,
      {
        config: rateLimited,
        onRequest: app.authenticate,
        schema: {
          tags,
          summary:
            'Delete the account and everything in it (password, and a code when two-factor sign-in is on)',
          security: bearer,
          body: deleteAccountRequestSchema,
          response: { 204: z.null().describe('Deleted'), ...errors },
        },
      },
      async (request, reply) => {
        await service.deleteAccount(
          requireAuth(request).userId,
          request.body.password,
          request.body.code,
        );
        clearRefreshCookie(reply, secureCookies);
        return reply.code(204).send(null);
      },
    );
  }

  // ---------- Two-factor sign-in ----------

  app.get(
    '/2fa',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
        security: bearer,
        response: { 200: twoFactorStatusSchema, ...errors },
      },
    },
    async (request) => service.twoFactorStatus(requireAuth(request).userId),
  );

  app.post(
    '/2fa/setup',
    {
      config: rateLimited,
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: a new secret, its URL and QR code',
        security: bearer,
        response: { 200: twoFactorSetupSchema, ...errors },
      },
    },
    async (request) => service.setUpTwoFactor(requireAuth(request).userId),
  );

  app.post(
    '/2fa/enable',
    {
      config: rateLimited,
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Turn two-factor sign-in on with a first code; answers the recovery codes once',
        security: bearer,
        body: enableTwoFactorRequestSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => service.enableTwoFactor(requireAuth(request).userId, request.body.code),
  );

  app.post(
    '/2fa/disable',
    {
      config: rateLimited,
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (password and a code or recovery code)',
        security: bearer,
        body: disableTwoFactorRequestSchema,
        response: { 200: twoFactorStatusSchema, ...errors },
      },
    },
    async (request) =>
      service.disableTwoFactor(
        requireAuth(request).userId,
        request.body.password,
        request.body.code,
      ),
  );

  app.post(
    '/login/2fa',
    {
      config: rateLimited,
      schema: {
        tags,
        summary:
          'Second step of a sign-in: the challenge from /login with a code or recovery code; sets the refresh_token cookie',
        body: twoFactorLoginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      signedIn(
        reply,
        await service.completeTwoFactorLogin(
          request.body.challenge_token,
          request.body.code,
          client(request),
        ),
      ),
  );

  // ---------- Passkeys ----------

  app.get(
    '/passkeys',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The signed-in user's passkeys",
        security: bearer,
        response: { 200: passkeyListSchema, ...errors },
      },
    },
    async (request) => ({ passkeys: await service.passkeys(requireAuth(request).userId) }),
  );

  app.delete(
    '/passkeys/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Remove one of your passkeys',
        security: bearer,
        params: passkeyIdParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errors },
      },
    },
    async (request, reply) => {
      await service.deletePasskey(requireAuth(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/passkeys/register/options',
    {
      config: rateLimited,
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'WebAuthn creation options for a new passkey (valid 5 minutes, used once)',
        security: bearer,
        response: { 200: registrationOptionsSchema, ...errors },
      },
    },
    async (request) =>
      (await service.passkeyRegistrationOptions(requireAuth(request).userId)) as unknown as z.infer<
        typeof registrationOptionsSchema
      >,
  );

  app.post(
    '/passkeys/register/verify',
    {
      config: rateLimited,
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Store a new passkey from the browser's registration response",
        security: bearer,
        body: passkeyRegisterVerifyRequestSchema,
        response: { 201: passkeySchema, ...errors },
      },
    },
    async (request, reply) => {
      const passkey = await service.registerPasskey(
        requireAuth(request).userId,
        request.body.response as unknown as RegistrationResponseJSON,
        request.body.name,
      );
      return reply.code(201).send(passkey);
    },
  );

  app.post(
    '/passkeys/login/options',
    {
      config: rateLimited,
      schema: {
        tags,
        summary:
          'WebAuthn request options to sign in with a passkey (no bearer needed). The same for ' +
          'everyone: discoverable credentials, an empty allowCredentials; an email is ignored.',
        body: passkeyLoginOptionsRequestSchema,
        response: { 200: authenticationOptionsSchema, ...errors },
      },
    },
    async () =>
      (await service.passkeyLoginOptions()) as unknown as z.infer<
        typeof authenticationOptionsSchema
      >,
  );

  app.post(
    '/passkeys/login/verify',
    {
      config: rateLimited,
      schema: {
        tags,
        summary: 'Sign in with a passkey; answers like /login and sets the refresh_token cookie',
        body: passkeyLoginVerifyRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      signedIn(
        reply,
        await service.passkeyLogin(
          request.body.response as unknown as AuthenticationResponseJSON,
          client(request),
        ),
      ),
  );
};
