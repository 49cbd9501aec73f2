import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document built from the routes' zod schemas, browsable at /api/docs. */
export async function registerApiDocs(app: FastifyInstance, version: string) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Vowa API',
        description: 'The API of Vowa, the AI-assisted, budget-aware travel planner.',
        version,
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
