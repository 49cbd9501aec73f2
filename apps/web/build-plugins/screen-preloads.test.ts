import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cssBeforeScripts,
  preloadFirstFrameFont,
  screenPreloads,
  type ChunkFacts,
} from './screen-preloads';

const root = '/app/apps/web';
const id = (modulePath: string) => path.resolve(root, modulePath);
const chunk = (fileName: string, facts: Partial<ChunkFacts> = {}): ChunkFacts => ({
  fileName,
  isEntry: false,
  imports: [],
  moduleIds: [],
  ...facts,
});

// An entry with its runtime, a screen with the UI kit (which the entry does not import) and the
// runtime, and the schemas the screen loads with import(), which bring zod.
const bundle = [
  chunk('assets/index-e1.js', { isEntry: true, imports: ['assets/runtime-r1.js'] }),
  chunk('assets/runtime-r1.js'),
  chunk('assets/bucket-page-p1.js', {
    imports: ['assets/ui-u1.js', 'assets/runtime-r1.js'],
    moduleIds: [id('src/features/bucket-lists/bucket-list-page.tsx')],
  }),
  chunk('assets/ui-u1.js', { imports: ['assets/runtime-r1.js'] }),
  chunk('assets/schemas-s1.js', {
    imports: ['assets/zod-z1.js'],
    moduleIds: [id('../../packages/shared/src/bucket-lists/bucket-list-schemas.ts')],
  }),
  chunk('assets/zod-z1.js'),
];

describe('screenPreloads', () => {
  it("lists the chunks of a screen's modules and what they import, less what the entry loads", () => {
    const screens = {
      '/travel/bucket-list': [
        'src/features/bucket-lists/bucket-list-page.tsx',
        '../../packages/shared/src/bucket-lists/bucket-list-schemas.ts',
      ],
      '/elsewhere': ['src/features/bucket-lists/bucket-list-page.tsx'],
    };
    expect(screenPreloads(bundle, screens, root)).toEqual({
      '/travel/bucket-list': [
        '/assets/bucket-page-p1.js',
        '/assets/schemas-s1.js',
        '/assets/ui-u1.js',
        '/assets/zod-z1.js',
      ],
      '/elsewhere': ['/assets/bucket-page-p1.js', '/assets/ui-u1.js'],
    });
  });

  it('fails the build for a module no chunk holds (a moved or renamed screen)', () => {
    expect(() => screenPreloads(bundle, { '/gone': ['src/features/gone-page.tsx'] }, root)).toThrow(
      'no chunk holds src/features/gone-page.tsx',
    );
  });
});

const head = [
  '<head>',
  '    <title>Vowa</title>',
  '    <script type="module" crossorigin src="/assets/index-e1.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/runtime-r1.js">',
  '    <link rel="stylesheet" crossorigin href="/assets/index-c1.css">',
  '  </head>',
].join('\n');

describe('the head of index.html', () => {
  it('asks for the stylesheet before the scripts', () => {
    const html = cssBeforeScripts(head);
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(cssBeforeScripts(html)).toBe(html);
  });

  it('preloads the first frame font just before the stylesheet, when the build has it', () => {
    const files = ['assets/index-e1.js', 'assets/inter-latin-wght-normal-Dx4kXJAl.woff2'];
    const html = preloadFirstFrameFont(cssBeforeScripts(head), files);
    expect(html).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/inter-latin-wght-normal-Dx4kXJAl.woff2">\n    <link rel="stylesheet"',
    );
    expect(preloadFirstFrameFont(head, ['assets/index-e1.js'])).toBe(head);
  });
});
