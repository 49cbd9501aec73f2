import { createRequire } from 'node:module';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { screenPreloadsPlugin } from './build-plugins/screen-preloads.ts';

const apiTarget = 'http://localhost:8000';

/**
 * React Router's package exports name only its development build (remix-run/react-router
 * #12532): its production build, without the development warnings and checks, is chosen here.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/** Icons and the plain components/ui parts: what every lazily loaded screen draws with. */
const uiKit = /node_modules[\\/]lucide-react[\\/]|src[\\/]components[\\/]ui[\\/]/;
/**
 * Dialogs, menus, switches and sliders (Radix, its positioning, focus trap and scroll lock):
 * a screen paints without them, and they load when one opens or once the screen has settled.
 */
const overlays =
  /node_modules[\\/](?:radix-ui|@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)[\\/]|src[\\/]components[\\/]ui[\\/](?:dialog|confirm-dialog|switch|slider|checkbox)\.tsx$/;
/**
 * The small helpers screens share (money, place names, the destination image and its credit,
 * rules and constants): each was a chunk of its own of under 2 KB, and on HTTP/1.1 a screen
 * waited on several of them, six requests at a time, before it could paint. None brings zod.
 */
const sharedHelpers =
  /apps[\\/]web[\\/]src[\\/](?:lib[\\/](?:use-money|minor-units|use-place-names|destination-image|use-reveal-in-steps)\.ts|components[\\/]photo-credit\.tsx)$|packages[\\/]shared[\\/]src[\\/](?:finance[\\/](?:money|finance-rules|finance-constants)|travel[\\/](?:travel-rules|place-names)|bucket-lists[\\/]bucket-list-constants|artwork[\\/]artwork-scene)\.ts$|node_modules[\\/](?:html-parse-stringify|react-i18next[\\/]dist[\\/]es[\\/]Trans)/;

export default defineConfig(({ command }) => ({
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  plugins: [
    react(),
    tailwindcss(),
    // Each screen's chunks, named in index.html by the server when it sends that screen.
    screenPreloadsPlugin(),
    // Brotli and gzip copies of every text asset, served by the server as they are (web-app.ts).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/,
      threshold: 1024,
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Left alone, the bundler makes a chunk of every small module two screens share (each
        // icon, each UI part), and a screen then waits on some 25 requests. These groups keep
        // the count low without putting lazily used code on the landing's path.
        codeSplitting: {
          groups: [
            // Everything the first paint needs goes into the entry, taken first so no group
            // below pulls lazily used code onto the landing's path: one request, no waterfall.
            { name: 'app', tags: ['$initial'], priority: 3 },
            // The overlays the lazily loaded screens share, apart from what they paint with.
            {
              name: 'overlays',
              test: overlays,
              minShareCount: 2,
              priority: 2,
            },
            // The UI kit the lazily loaded screens share: icons, components/ui, small helpers.
            {
              name: 'ui',
              test: (id: string) => uiKit.test(id) || sharedHelpers.test(id),
              minShareCount: 2,
              priority: 2,
            },
            // Validation: every screen parses what it reads with the shared schemas.
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
            // Forms, shared by the screens and dialogs that edit something.
            {
              name: 'forms',
              test: /node_modules[\\/](?:react-hook-form|@hookform)[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // In development the API, uploads and realtime traffic go to the Fastify server.
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  preview: { port: 4173 },
}));
