import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env';

/** Only the app's own origin may call the API from a browser, with its cookies. */
export async function registerCors(app: FastifyInstance, config: AppConfig) {
  await app.register(fastifyCors, { origin: [new URL(config.appUrl).origin], credentials: true });
}
