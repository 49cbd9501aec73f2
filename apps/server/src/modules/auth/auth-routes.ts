import { ACCESS_TOKEN_TTL_SECONDS } from '@vowa/shared/auth/token-lifetimes';
import {
  errorResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  messageResponseSchema,
  refreshTokenRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  userSchema,
  validResponseSchema,
} from '@vowa/shared/auth/auth-schemas';
import { loginResponseSchema } from '@vowa/shared/auth/security-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../plugins/authenticate';
import { REFRESH_COOKIE, clearRefreshCookie, setRefreshCookie } from './auth-cookies';
import { authMessages, type AuthService, type SignIn } from './auth-service';

type Options = { authService: AuthService; secureCookies: boolean; rateLimitMax: number };

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

/** The account calls of part 1 §7, under /api/auth. */
export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { authService, secureCookies } = options;
  // Login, register, forgot and reset are what an attacker would hammer.
  const rateLimited = { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } };
  const tags = ['auth'];

  const tokenBody = (signIn: SignIn, includeRefreshToken: boolean) => ({
    access_token: signIn.accessToken,
    token_type: 'bearer' as const,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    ...(includeRefreshToken ? { refresh_token: signIn.refreshToken } : {}),
  });

  app.post(
    '/register',
    {
      config: rateLimited,
      schema: {
        tags,
        summary: 'Create an account and mail a verification link',
        body: registerRequestSchema,
        response: { 201: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password, name, display_name } = request.body;
      const result = await authService.register({
        email,
        password,
        name: (name ?? display_name) as string,
      });
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/login',
    {
      config: rateLimited,
      schema: {
        tags,
        summary:
          'Sign in; sets the refresh_token cookie. With two-factor sign-in on, answers a challenge for POST /login/2fa instead (no tokens, no cookie)',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const signIn = await authService.login(request.body, {
        userAgent: request.headers['user-agent'] ?? null,
        ipAddress: request.ip,
      });
      if ('twoFactorRequired' in signIn) {
        return { two_factor_required: true as const, challenge_token: signIn.challengeToken };
      }
      setRefreshCookie(reply, signIn.refreshToken, secureCookies);
      return tokenBody(signIn, false);
    },
  );

  app.post(
    '/refresh_token',
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token (cookie or body) and issue a new access token',
        body: refreshTokenRequestSchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const fromBody = request.body?.refresh_token;
      const presented = fromBody || request.cookies[REFRESH_COOKIE];
      if (!presented) throw new AppError('session_expired', authMessages.sessionExpired);
      try {
        const signIn = await authService.refresh(presented);
        // A browser keeps its token in the cookie; a client that sent it in the body gets it back there.
        if (fromBody) return tokenBody(signIn, true);
        setRefreshCookie(reply, signIn.refreshToken, secureCookies);
        return tokenBody(signIn, false);
      } catch (error) {
        if (!fromBody) clearRefreshCookie(reply, secureCookies);
        throw error;
      }
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Revoke the refresh token and clear its cookie',
        body: logoutRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const presented = request.body?.refresh_token || request.cookies[REFRESH_COOKIE];
      clearRefreshCookie(reply, secureCookies);
      return authService.logout(presented);
    },
  );

  app.post(
    '/forgot_password',
    {
      config: rateLimited,
      schema: {
        tags,
        summary: 'Mail a single-use reset link (same answer whether or not the account exists)',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => authService.forgotPassword(request.body.email),
  );

  app.post(
    '/validate_reset_token',
    {
      config: rateLimited,
      schema: {
        tags,
        summary: 'Whether a reset token can still be used',
        body: tokenRequestSchema,
        response: { 200: validResponseSchema, ...errors },
      },
    },
    async (request) => ({ valid: await authService.isResetTokenValid(request.body.token) }),
  );

  app.post(
    '/reset_password',
    {
      config: rateLimited,
      schema: {
        tags,
        summary: 'Set a new password with a reset token; ends every sign-in',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => authService.resetPassword(request.body.token, request.body.new_password),
  );

  app.post(
    '/verify_email',
    {
      config: rateLimited,
      schema: {
        tags,
        summary: 'Verify the email address with the mailed token',
        body: tokenRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => authService.verifyEmail(request.body.token),
  );

  app.post(
    '/resend_verification',
    {
      config: rateLimited,
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Mail a new verification link to the signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => authService.resendVerification(requireAuth(request).userId),
  );

  app.get(
    '/users/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: userSchema, ...errors },
      },
    },
    // Read together with the session by `authenticate`: no second query.
    async (request) => requireAuth(request).user,
  );
};
