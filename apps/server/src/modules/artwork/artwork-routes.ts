import { parseArtworkScene } from '@vowa/shared/artwork/artwork-scene';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { renderScene } from './scene-svg';

/** The SVG of a scene is the same forever for its name; a new drawing gets a new route. */
const CACHE = 'public, max-age=31536000, immutable';

/** `GET /api/artwork/scenes/<landmark>.<landscape>.<climate>.<sky>.<palette>.<variant>.svg`. */
export async function artworkRoutes(app: FastifyInstance) {
  const rendered = new Map<string, string>();
  app.get<{ Params: { scene: string } }>(
    '/scenes/:scene',
    { schema: { hide: true } },
    async (request, reply) => {
      const scene = parseArtworkScene(request.params.scene);
      if (!scene) throw new AppError('not_found', 'Not found');
      let svg = rendered.get(request.params.scene);
      if (svg === undefined) {
        svg = renderScene(scene);
        if (rendered.size < 2_000) rendered.set(request.params.scene, svg);
      }
      return reply
        .header('cache-control', CACHE)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .type('image/svg+xml; charset=utf-8')
        .send(svg);
    },
  );
}
