import { constants as zlibConstants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiTarget = 'http://localhost:8000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
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
  build: { outDir: 'dist', emptyOutDir: true },
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
});
