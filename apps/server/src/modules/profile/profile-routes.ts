import fastifyMultipart from '@fastify/multipart';
import { errorResponseSchema, messageResponseSchema } from '@vowa/shared/auth/auth-schemas';
import {
  AVATAR_MAX_BYTES,
  avatarUploadResponseSchema,
  confirmEmailRequestSchema,
  connectSocialProfileSchema,
  editProfileSchema,
  profileSchema,
  profileStatsSchema,
  reverseGeocodeRequestSchema,
  reverseGeocodeResponseSchema,
  socialPlatforms,
  socialProfileSchema,
  socialProfilesResponseSchema,
} from '@vowa/shared/profile/profile-schemas';
import { publicProfileSchema } from '@vowa/shared/profile/public-profile-schemas';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../plugins/authenticate';
import { avatarMessages } from './avatar-image';
import { profileMessages, type ProfileService } from './profile-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};
const security = [{ bearerAuth: [] }];
/**
 * Photo uploads per person an hour: each is stored (disk or bucket) until cleaned up, so a
 * script must not fill the store. Counted per user (authenticated before the limit applies).
 */
export const AVATAR_UPLOADS_PER_HOUR = 20;
const user = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).userId;

/** The profile screen's calls under /api/user_management (part 1 §2, §7). */
export const profileRoutes: FastifyPluginAsyncZod<{ service: ProfileService }> = async (
  app,
  { service },
) => {
  const tags = ['profile'];

  // The email confirmation link is followed from a mailbox, possibly signed out: the token is
  // the proof, so this one route needs no bearer.
  app.post(
    '/confirm_email',
    {
      schema: {
        tags,
        summary: 'Confirm a new email address with the mailed link',
        body: confirmEmailRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => service.confirmEmail(request.body.token),
  );

  await app.register(async (instance) => {
    const signedIn = instance.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', signedIn.authenticate);
    await signedIn.register(fastifyMultipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });

    signedIn.get(
      '/get_myprofile',
      {
        schema: {
          tags,
          security,
          summary: 'My profile',
          response: { 200: profileSchema, ...errors },
        },
      },
      async (request) => service.profile(user(request)),
    );

    signedIn.post(
      '/edit_profile',
      {
        schema: {
          tags,
          security,
          summary: 'Save any of the profile fields; a new email waits for its confirmation link',
          body: editProfileSchema,
          response: { 200: profileSchema, ...errors },
        },
      },
      async (request) => service.editProfile(user(request), request.body),
    );

    signedIn.post(
      '/avatar',
      {
        config: {
          rateLimit: {
            max: AVATAR_UPLOADS_PER_HOUR,
            timeWindow: '1 hour',
            keyGenerator: (request: { auth: { userId: string } | null; ip: string }) =>
              `avatar:${request.auth?.userId ?? request.ip}`,
          },
        },
        schema: {
          tags,
          security,
          summary: 'Upload a photo (JPEG, PNG or WebP, at most 5 MB, as multipart field "file")',
          consumes: ['multipart/form-data'],
          response: { 200: avatarUploadResponseSchema, ...errors },
        },
      },
      async (request) => {
        if (!request.isMultipart()) {
          throw new AppError('photo_not_multipart', avatarMessages.noFile);
        }
        const file = await request.file();
        if (!file) throw new AppError('photo_missing', avatarMessages.noFile);
        let content: Buffer;
        try {
          content = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError('photo_too_large', avatarMessages.tooLarge);
          }
          throw error;
        }
        return service.uploadAvatar(user(request), content);
      },
    );

    signedIn.post(
      '/reverse_geocode',
      {
        schema: {
          tags,
          security,
          summary: 'The city, state and country at a position',
          body: reverseGeocodeRequestSchema,
          response: { 200: reverseGeocodeResponseSchema, ...errors },
        },
      },
      async (request) => service.reverseGeocode(request.body),
    );

    signedIn.get(
      '/stats',
      {
        schema: {
          tags,
          security,
          summary: 'Stat tiles, achievements, recent trips and the financial overview',
          response: { 200: profileStatsSchema, ...errors },
        },
      },
      async (request) => service.stats(user(request)),
    );
  });
};

const uidParams = z.object({ uid: z.uuid({ message: 'Unknown user' }) });

/**
 * Under /api/users/{uid}: the public profile (any signed-in user, as the owner's privacy
 * settings allow), and social profiles (only the user themself may see or change theirs here).
 */
export const socialProfileRoutes: FastifyPluginAsyncZod<{ service: ProfileService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['profile'];
  const self = (request: Parameters<typeof requireAuth>[0], uid: string) => {
    const userId = user(request);
    if (userId !== uid) throw new AppError('social_profile_not_yours', profileMessages.notYours);
    return userId;
  };

  app.get(
    '/:uid/profile',
    {
      schema: {
        tags,
        security,
        summary: 'A person as you may see them: what their privacy settings share',
        description:
          'Profile visibility decides whether you see it at all (public: any signed-in user; ' +
          'friends: people connected by a shared bucket list; private: only the owner). ' +
          'Unknown ids and profiles you may not see both answer 404. Email and phone are never ' +
          'included.',
        // Any text: an id that is not one answers 404 like an unknown one.
        params: z.object({ uid: z.string().max(100) }),
        response: { 200: publicProfileSchema, ...errors },
      },
    },
    async (request) => service.publicProfile(user(request), request.params.uid),
  );

  app.get(
    '/:uid/social_profiles',
    {
      schema: {
        tags,
        security,
        summary: 'Connected social accounts',
        params: uidParams,
        response: { 200: socialProfilesResponseSchema, ...errors },
      },
    },
    async (request) => service.socialProfiles(self(request, request.params.uid)),
  );

  app.post(
    '/:uid/social_profiles',
    {
      schema: {
        tags,
        security,
        summary: 'Connect an Instagram or TikTok account',
        params: uidParams,
        body: connectSocialProfileSchema,
        response: { 200: socialProfileSchema, ...errors },
      },
    },
    async (request) =>
      service.connectSocialProfile(self(request, request.params.uid), request.body),
  );

  app.delete(
    '/:uid/social_profiles/:platform',
    {
      schema: {
        tags,
        security,
        summary: 'Disconnect a social account',
        params: uidParams.extend({
          platform: z.enum(socialPlatforms, { message: 'platformInvalid' }),
        }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.disconnectSocialProfile(
        self(request, request.params.uid),
        request.params.platform,
      );
      return reply.code(204).send(null);
    },
  );
};
