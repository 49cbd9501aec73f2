import { errorResponseSchema } from '@vowa/shared/auth/auth-schemas';
import {
  userSettingsSchema,
  userSettingsUpdateSchema,
} from '@vowa/shared/settings/settings-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/authenticate';
import type { SettingsService } from './settings-service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 422: errorResponseSchema };
const security = [{ bearerAuth: [] }];

/** The Settings screen's calls under /api/user_management: the user's own settings only. */
export const settingsRoutes: FastifyPluginAsyncZod<{ service: SettingsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['settings'];

  app.get(
    '/settings',
    {
      schema: {
        tags,
        security,
        summary: 'My settings',
        response: { 200: userSettingsSchema, ...errors },
      },
    },
    async (request) => service.settings(requireAuth(request).userId),
  );

  app.put(
    '/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Save any subset of the settings',
        body: userSettingsUpdateSchema,
        response: { 200: userSettingsSchema, ...errors },
      },
    },
    async (request) => service.saveSettings(requireAuth(request).userId, request.body),
  );
};
