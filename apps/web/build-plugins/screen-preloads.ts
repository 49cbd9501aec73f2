import path from 'node:path';
import type { Plugin } from 'vite';
import { SCREENS_READ_EARLY, screenReads } from '../src/app/screen-reads.ts';

/**
 * The file the build writes beside index.html: for each screen's path, the chunks it needs to
 * paint and to read its first answers, which the server names in `<link rel="modulepreload">`
 * when it sends index.html for that path, and the API reads it starts first, which the server
 * names for public/early-reads.js (apps/server/src/plugins/web-app.ts).
 */
export const SCREEN_PRELOADS_FILE = 'screen-preloads.json';

const AUTH_SCHEMAS = '../../packages/shared/src/auth/auth-schemas.ts';

/**
 * Each screen's module (as the route table in src/app/router.tsx loads it) and the schemas its
 * first answers are parsed with (loaded with `import()`, so the bundle alone does not tie them
 * to the screen). Every signed-in screen parses the session's user with the auth schemas.
 * A module named here that the build does not contain fails the build.
 */
const SCREEN_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/login': ['src/app/login-page.tsx'],
  '/reset-password': ['src/features/auth/reset-password-page.tsx'],
  '/verify-email': ['src/features/auth/verify-email-page.tsx'],
  '/confirm-email': ['src/features/profile/confirm-email-page.tsx'],
  '/travel/bucket-list/invitation': ['src/features/bucket-lists/invitation-page.tsx'],
  '/chat/join': ['src/features/chat/join-group-page.tsx'],
  '/chat': ['src/app/chat-route.tsx'],
  '/travel/bucket-list': [
    'src/features/bucket-lists/bucket-list-page.tsx',
    '../../packages/shared/src/bucket-lists/bucket-list-schemas.ts',
    AUTH_SCHEMAS,
  ],
  '/travel/suggestions': ['src/features/travel/suggestions-page.tsx', AUTH_SCHEMAS],
  '/trips': ['src/features/trips/trips-page.tsx', AUTH_SCHEMAS],
  '/watches': ['src/features/watches/watches-page.tsx', AUTH_SCHEMAS],
  '/profile': ['src/features/profile/profile-page.tsx', AUTH_SCHEMAS],
  '/settings': ['src/app/settings-route.tsx', AUTH_SCHEMAS],
  '/financial/connect': ['src/features/financial/financial-connect-page.tsx', AUTH_SCHEMAS],
  '/financial/budget': ['src/features/financial/budget-settings-page.tsx', AUTH_SCHEMAS],
};

/** What the plugin reads of each output chunk (Rollup's and Rolldown's OutputChunk). */
export interface ChunkFacts {
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
  moduleIds: readonly string[];
}

/** A chunk and every chunk it imports statically, transitively. */
function withStaticImports(fileName: string, chunks: ReadonlyMap<string, ChunkFacts>) {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const imported of chunks.get(name)?.imports ?? []) visit(imported);
  };
  visit(fileName);
  return seen;
}

/**
 * For each screen, the chunks to preload: those holding its modules and everything they import
 * statically, less what index.html loads already (the entry and its imports). Paths are
 * absolute URLs (`/assets/…`), in a stable order.
 */
export function screenPreloads(
  chunkList: readonly ChunkFacts[],
  screens: Readonly<Record<string, readonly string[]>>,
  root: string,
): Record<string, string[]> {
  const chunks = new Map(chunkList.map((chunk) => [chunk.fileName, chunk]));
  const loadedAlready = new Set(
    chunkList
      .filter((chunk) => chunk.isEntry)
      .flatMap((c) => [...withStaticImports(c.fileName, chunks)]),
  );
  const chunkOf = (modulePath: string) => {
    const id = path.resolve(root, modulePath);
    const chunk = chunkList.find((candidate) => candidate.moduleIds.includes(id));
    if (!chunk) throw new Error(`screen-preloads: no chunk holds ${modulePath}`);
    return chunk.fileName;
  };
  return Object.fromEntries(
    Object.entries(screens).map(([screen, modules]) => {
      const files = new Set<string>();
      for (const modulePath of modules) {
        for (const file of withStaticImports(chunkOf(modulePath), chunks)) {
          if (!loadedAlready.has(file)) files.add(file);
        }
      }
      return [screen, [...files].sort().map((file) => `/${file}`)];
    }),
  );
}

/**
 * Puts the stylesheet ahead of the scripts: the first frame waits for the stylesheet, never for
 * a script, so it is asked for first.
 */
export function cssBeforeScripts(html: string): string {
  const stylesheet = /\s*<link rel="stylesheet"[^>]*>/.exec(html);
  const script = html.indexOf('<script type="module"');
  if (!stylesheet || script < 0 || stylesheet.index < script) return html;
  return html
    .replace(stylesheet[0], '')
    .replace('<script type="module"', `${stylesheet[0].trim()}\n    <script type="module"`);
}

/** The text face (Inter, variable weight, Latin) every screen's first frame is set in. */
const FIRST_FRAME_FONT = /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Asks for the first frame's font with the stylesheet rather than after it: found only once the
 * stylesheet is parsed and the text laid out, it was a second round trip before the first paint.
 */
export function preloadFirstFrameFont(html: string, files: readonly string[]): string {
  const font = files.find((file) => FIRST_FRAME_FONT.test(file));
  if (!font) return html;
  return html.replace(
    '<link rel="stylesheet"',
    `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">\n    <link rel="stylesheet"`,
  );
}

/**
 * Writes SCREEN_PRELOADS_FILE, and orders index.html's head for the first frame (stylesheet
 * and font first).
 */
export function screenPreloadsPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'vowa:screen-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return preloadFirstFrameFont(cssBeforeScripts(html), Object.keys(context.bundle ?? {}));
      },
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk' ? [output] : [],
      );
      const preloads = screenPreloads(chunks, SCREEN_MODULES, root);
      const screens = [...new Set([...Object.keys(preloads), ...SCREENS_READ_EARLY])];
      const list = Object.fromEntries(
        screens.map((screen) => [
          screen,
          { preloads: preloads[screen] ?? [], reads: screenReads(screen) },
        ]),
      );
      this.emitFile({
        type: 'asset',
        fileName: SCREEN_PRELOADS_FILE,
        source: `${JSON.stringify(list, null, 2)}\n`,
      });
    },
  };
}
