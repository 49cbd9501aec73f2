import type {
  ArtworkClimate,
  ArtworkLandmark,
  ArtworkPalette,
  ArtworkScene,
  ArtworkSky,
} from '@vowa/shared/artwork/artwork-scene';

/**
 * Draws a scene as a 16:9 SVG from parts: the sky by climate and weather, the ground by
 * landscape, a landmark silhouette by architecture, and building colours by region. Pure
 * string building, no randomness beyond the scene's variant, so a scene is always the same file.
 */

const W = 640;
const H = 360;
/** Where the landmark stands. */
const BASE = 270;

type Colours = { wall: string; roof: string; accent: string; trim: string; shade: string };

const PALETTES: Record<ArtworkPalette, Omit<Colours, 'shade'>> = {
  northern: { wall: '#d8c6a5', roof: '#8a3b2e', accent: '#2f5d62', trim: '#f4ecdc' },
  mediterranean: { wall: '#f1e4c8', roof: '#c4663a', accent: '#2f6ea5', trim: '#ffffff' },
  eastern: { wall: '#efe6d2', roof: '#2f7a5b', accent: '#d4a92a', trim: '#ffffff' },
  'east-asian': { wall: '#e9dcc2', roof: '#3a3f4a', accent: '#c0392b', trim: '#f5e6c8' },
  'south-asian': { wall: '#e7b98f', roof: '#c2714f', accent: '#f3efe6', trim: '#8c3b2b' },
  'southeast-asian': { wall: '#e8d3a2', roof: '#b5462f', accent: '#d9a520', trim: '#fff3d6' },
  'middle-eastern': { wall: '#e8d5b0', roof: '#2f8f9d', accent: '#c9a24a', trim: '#fff8e7' },
  african: { wall: '#c98a55', roof: '#6b4226', accent: '#e0b34a', trim: '#f3e3c3' },
  latin: { wall: '#f3e2b3', roof: '#c65d3b', accent: '#3a86a8', trim: '#ffffff' },
  'north-american': { wall: '#dcd3c6', roof: '#5a6470', accent: '#b23a3a', trim: '#ffffff' },
  oceanian: { wall: '#efe7d6', roof: '#5b8c85', accent: '#e08a3c', trim: '#ffffff' },
};

/** A colour made darker (factor < 1) or lighter (> 1). */
function tone(hex: string, factor: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    const next = factor < 1 ? c * factor : c + (255 - c) * (factor - 1);
    return Math.max(0, Math.min(255, Math.round(next)));
  };
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

const poly = (points: number[], fill: string, extra = '') =>
  `<polygon points="${points.join(' ')}" fill="${fill}"${extra}/>`;
const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;
const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;

// ---------- Sky ----------

const SKY_GRADIENTS: Record<ArtworkSky, (climate: ArtworkClimate) => [string, string, string]> = {
  clear: (climate) =>
    ({
      tropical: ['#1e9bd7', '#6cc8ee', '#d4f1fb'] as [string, string, string],
      arid: ['#3d8fd1', '#8cc3e8', '#f3e2bd'] as [string, string, string],
      temperate: ['#3f7fc6', '#86b9e3', '#d9ecf8'] as [string, string, string],
      cold: ['#6d9cc9', '#aac8e3', '#eef4fa'] as [string, string, string],
    })[climate],
  sunset: () => ['#3f3477', '#c8607a', '#f8b46c'],
  grey: () => ['#76818f', '#a3acb7', '#ccd3da'],
  snow: () => ['#8398ad', '#b7c5d3', '#e6ecf2'],
  aurora: () => ['#07102a', '#142650', '#27416e'],
  haze: () => ['#d9a46c', '#edc894', '#f8e6c6'],
};

function sky(scene: ArtworkScene): string {
  const [top, middle, bottom] = SKY_GRADIENTS[scene.sky](scene.climate);
  const parts = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset=".6" stop-color="${middle}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`,
    rect(0, 0, W, H, 'url(#sky)'),
  ];
  const sunX = [520, 120, 470][scene.variant]!;
  switch (scene.sky) {
    case 'clear':
      parts.push(circle(sunX, 70, 26, '#fff6cf', ' opacity=".95"'));
      parts.push(cloud(sunX < 320 ? 430 : 150, 80, 1, '#ffffff', 0.85));
      break;
    case 'sunset':
      parts.push(circle(sunX, 205, 46, '#ffd08a', ' opacity=".9"'));
      parts.push(cloud(sunX < 320 ? 420 : 180, 90, 1.2, '#f3a3a0', 0.55));
      break;
    case 'haze':
      parts.push(circle(sunX, 90, 40, '#fff1d0', ' opacity=".7"'));
      parts.push(rect(0, 150, W, 120, '#f8e6c6', ' opacity=".35"'));
      break;
    case 'grey':
      parts.push(cloud(120, 70, 1.6, '#e7ebef', 0.9), cloud(360, 55, 2, '#d7dde3', 0.9));
      parts.push(cloud(560, 95, 1.4, '#eef1f4', 0.85));
      break;
    case 'snow': {
      parts.push(cloud(180, 60, 1.8, '#eef2f6', 0.9), cloud(480, 70, 1.6, '#e6ebf0', 0.9));
      const flakes: string[] = [];
      for (let i = 0; i < 60; i += 1) {
        const x = (i * 97 + scene.variant * 31) % W;
        const y = (i * 53 + scene.variant * 17) % 300;
        flakes.push(circle(x, y, 1.5 + (i % 3) * 0.6, '#ffffff', ' opacity=".85"'));
      }
      parts.push(`<g>${flakes.join('')}</g>`);
      break;
    }
    case 'aurora': {
      const stars: string[] = [];
      for (let i = 0; i < 45; i += 1) {
        stars.push(
          circle((i * 137 + 11) % W, (i * 71) % 200, 1 + (i % 2) * 0.5, '#ffffff', ' opacity=".8"'),
        );
      }
      parts.push(`<g>${stars.join('')}</g>`);
      parts.push(
        path(
          'M-20 150C120 60 220 170 360 90S560 40 660 110L660 150C560 90 460 150 360 140S120 120-20 200Z',
          '#3ee6a0',
          ' opacity=".45"',
        ),
        path(
          'M-20 120C140 40 260 140 400 60S580 30 660 70L660 95C560 70 470 120 400 105S140 90-20 160Z',
          '#7cf0c4',
          ' opacity=".35"',
        ),
      );
      break;
    }
  }
  return parts.join('');
}

function cloud(x: number, y: number, scale: number, fill: string, opacity: number): string {
  return `<g fill="${fill}" opacity="${opacity}" transform="translate(${x} ${y}) scale(${scale})"><ellipse cx="0" cy="0" rx="34" ry="12"/><ellipse cx="-16" cy="-6" rx="18" ry="12"/><ellipse cx="12" cy="-10" rx="20" ry="15"/></g>`;
}

// ---------- Ground ----------

const GROUND: Record<ArtworkClimate, { near: string; far: string }> = {
  tropical: { near: '#2f8a45', far: '#4aa35a' },
  arid: { near: '#d4a865', far: '#e3c28a' },
  temperate: { near: '#4f8f4a', far: '#77ab69' },
  cold: { near: '#e9eff5', far: '#d3dde7' },
};
const WATER = { tropical: '#1fb5c9', arid: '#2f8fb3', temperate: '#3d78a8', cold: '#5b88aa' };

function mountainRange(y: number, peaks: number[], height: number, fill: string, snow: boolean) {
  const points: number[] = [-20, H];
  const caps: string[] = [];
  peaks.forEach((x, index) => {
    const h = height * (0.75 + ((index * 37) % 30) / 100);
    points.push(x - 90, y, x, y - h, x + 90, y);
    if (snow)
      caps.push(
        poly(
          [x - 26, y - h + 29, x, y - h, x + 26, y - h + 29, x + 10, y - h + 22, x - 8, y - h + 30],
          '#f6f9fc',
        ),
      );
  });
  points.push(W + 20, y, W + 20, H);
  return poly(points, fill) + caps.join('');
}

function landscape(scene: ArtworkScene): { back: string; front: string } {
  const ground = GROUND[scene.climate];
  const water = WATER[scene.climate];
  const v = scene.variant;
  const snowy = scene.climate === 'cold';
  const landBand = (y: number, fill: string) =>
    path(`M0 ${y}C160 ${y - 8} 320 ${y + 6} 640 ${y - 4}V360H0Z`, fill);
  switch (scene.landscape) {
    case 'mountains':
      return {
        back:
          mountainRange(
            250,
            [80 + v * 30, 300, 520 - v * 20],
            150,
            snowy ? '#9fb2c6' : '#7d8fa6',
            true,
          ) +
          mountainRange(
            262,
            [200 - v * 40, 430 + v * 30],
            95,
            snowy ? '#c4d2df' : tone(ground.far, 0.8),
            snowy,
          ),
        front: landBand(BASE - 2, ground.near),
      };
    case 'coast': {
      const seaLeft = v !== 1;
      return {
        back: rect(0, 232, W, 130, water) + rect(0, 232, W, 3, '#ffffff', ' opacity=".35"'),
        front: seaLeft
          ? path(
              `M150 ${BASE + 6}C260 ${BASE - 8} 440 ${BASE - 10} 640 ${BASE - 12}V360H70C110 330 120 300 150 ${BASE + 6}Z`,
              '#e8d6a8',
            ) +
            path(
              `M190 ${BASE}C300 ${BASE - 10} 460 ${BASE - 12} 640 ${BASE - 14}V360H150C170 320 175 300 190 ${BASE}Z`,
              ground.near,
            )
          : path(
              `M490 ${BASE + 6}C380 ${BASE - 8} 200 ${BASE - 10} 0 ${BASE - 12}V360H570C530 330 520 300 490 ${BASE + 6}Z`,
              '#e8d6a8',
            ) +
            path(
              `M450 ${BASE}C340 ${BASE - 10} 180 ${BASE - 12} 0 ${BASE - 14}V360H490C470 320 465 300 450 ${BASE}Z`,
              ground.near,
            ),
      };
    }
    case 'islands':
      return {
        back:
          rect(0, 230, W, 130, water) +
          path(`M${40 + v * 20} 232C80 200 140 200 190 232Z`, tone(ground.far, 0.85)) +
          path(`M${470 - v * 15} 232C500 212 560 210 600 232Z`, tone(ground.far, 0.85)),
        front:
          path(`M90 ${BASE + 30}C150 ${BASE - 14} 480 ${BASE - 16} 560 ${BASE + 30}Z`, '#efdcae') +
          path(
            `M130 ${BASE + 8}C200 ${BASE - 10} 430 ${BASE - 12} 520 ${BASE + 8}Z`,
            scene.climate === 'arid' ? '#d9b877' : ground.near,
          ) +
          rect(0, BASE + 28, W, H - BASE, water),
      };
    case 'desert':
      return {
        back:
          path('M-20 250C80 220 180 236 300 246S520 222 660 240V360H-20Z', tone(ground.far, 1.05)) +
          path('M-20 262C120 238 240 262 380 254S560 240 660 258V360H-20Z', ground.far),
        front: path(
          `M0 ${BASE}C180 ${BASE - 14} 380 ${BASE + 6} 640 ${BASE - 8}V360H0Z`,
          ground.near,
        ),
      };
    case 'plains':
      return {
        back: path('M-20 246C140 230 300 242 460 236S600 232 660 240V360H-20Z', ground.far),
        front:
          landBand(BASE, ground.near) +
          (snowy
            ? ''
            : path(
                `M0 ${BASE + 40}C200 ${BASE + 30} 420 ${BASE + 46} 640 ${BASE + 36}V360H0Z`,
                tone(ground.near, 0.88),
              )),
      };
    case 'jungle': {
      const canopy: string[] = [];
      for (let i = 0; i < 14; i += 1) {
        const x = i * 50 - 10 + v * 7;
        canopy.push(circle(x, 236 - ((i * 29) % 22), 34, i % 2 ? '#2d7a3e' : '#3b8f4a'));
      }
      return {
        back: `<g>${canopy.join('')}</g>` + rect(0, 236, W, 40, '#2d7a3e'),
        front: landBand(BASE, '#24693a'),
      };
    }
    case 'river':
      return {
        back: path('M-20 244C120 222 260 240 400 230S580 226 660 236V360H-20Z', ground.far),
        front:
          landBand(BASE, ground.near) +
          path(
            `M${250 + v * 40} ${BASE + 2}C${300 + v * 30} ${BASE + 30} ${180 + v * 20} 320 ${120 + v * 40} 360H${300 + v * 40}C${330 + v * 30} 320 ${360 + v * 20} ${BASE + 26} ${300 + v * 40} ${BASE + 2}Z`,
            water,
          ),
      };
    case 'lake':
      return {
        back:
          mountainRange(236, [110 + v * 30, 360, 560], 80, snowy ? '#b9c8d8' : '#6f88a0', snowy) +
          rect(0, 236, W, 60, water) +
          rect(0, 246, W, 2, '#ffffff', ' opacity=".3"'),
        front: path(
          `M0 ${BASE + 4}C160 ${BASE - 8} 320 ${BASE + 2} 640 ${BASE - 6}V360H0Z`,
          ground.near,
        ),
      };
    case 'red-rock':
      return {
        back:
          path(`M${60 + v * 20} 250V190h30l10-8h70l10 8h20v60Z`, '#b4552f') +
          path(`M${420 - v * 20} 250V176h24l8-10h80l10 10h16v84Z`, '#a3492a') +
          path('M-20 250C140 240 300 252 460 244S600 242 660 248V360H-20Z', '#d07a45'),
        front: path(
          `M0 ${BASE}C180 ${BASE - 10} 380 ${BASE + 6} 640 ${BASE - 6}V360H0Z`,
          '#c0683a',
        ),
      };
  }
}

// ---------- Landmarks ----------

function landmark(kind: ArtworkLandmark, cx: number, c: Colours, scene: ArtworkScene): string {
  const b = BASE;
  switch (kind) {
    case 'gothic-cathedral':
      return [
        rect(cx - 52, b - 82, 104, 82, c.wall),
        poly([cx - 52, b - 82, cx, b - 112, cx + 52, b - 82], c.roof),
        rect(cx - 82, b - 140, 32, 140, c.shade),
        rect(cx + 50, b - 140, 32, 140, c.shade),
        poly([cx - 84, b - 140, cx - 66, b - 205, cx - 48, b - 140], c.roof),
        poly([cx + 48, b - 140, cx + 66, b - 205, cx + 84, b - 140], c.roof),
        circle(cx, b - 60, 14, c.accent),
        circle(cx, b - 60, 6, c.trim, ' opacity=".7"'),
        path(
          `M${cx - 14} ${b}V${b - 26}Q${cx} ${b - 44} ${cx + 14} ${b - 26}V${b}Z`,
          tone(c.wall, 0.55),
        ),
        ...[-70, -60, 60, 70].map((dx) =>
          path(
            `M${cx + dx - 3} ${b - 70}V${b - 96}Q${cx + dx} ${b - 104} ${cx + dx + 3} ${b - 96}V${b - 70}Z`,
            tone(c.shade, 0.6),
          ),
        ),
      ].join('');
    case 'castle': {
      const merlons = (x: number, y: number, width: number) =>
        Array.from({ length: Math.floor(width / 12) }, (_, i) =>
          rect(x + i * 12, y - 8, 7, 8, c.shade),
        ).join('');
      return [
        rect(cx - 110, b - 60, 220, 60, c.shade),
        merlons(cx - 110, b - 60, 220),
        rect(cx - 40, b - 120, 80, 120, c.wall),
        merlons(cx - 40, b - 120, 80),
        rect(cx - 130, b - 100, 36, 100, c.wall),
        poly([cx - 136, b - 100, cx - 112, b - 150, cx - 88, b - 100], c.roof),
        rect(cx + 94, b - 100, 36, 100, c.wall),
        poly([cx + 88, b - 100, cx + 112, b - 150, cx + 136, b - 100], c.roof),
        path(
          `M${cx - 14} ${b}V${b - 30}Q${cx} ${b - 46} ${cx + 14} ${b - 30}V${b}Z`,
          tone(c.wall, 0.45),
        ),
        rect(cx - 20, b - 96, 10, 16, tone(c.wall, 0.5)),
        rect(cx + 10, b - 96, 10, 16, tone(c.wall, 0.5)),
      ].join('');
    }
    case 'gabled-houses': {
      const colours = [
        c.roof,
        c.wall,
        c.accent,
        tone(c.roof, 1.35),
        tone(c.wall, 0.8),
        tone(c.accent, 1.4),
      ];
      return Array.from({ length: 6 }, (_, i) => {
        const x = cx - 150 + i * 50;
        const h = 96 + ((i * 23 + scene.variant * 11) % 34);
        const fill = colours[(i + scene.variant) % colours.length]!;
        const gable =
          i % 2 === 0
            ? poly(
                [
                  x,
                  b - h,
                  x + 8,
                  b - h,
                  x + 8,
                  b - h - 10,
                  x + 16,
                  b - h - 10,
                  x + 16,
                  b - h - 20,
                  x + 32,
                  b - h - 20,
                  x + 32,
                  b - h - 10,
                  x + 40,
                  b - h - 10,
                  x + 40,
                  b - h,
                  x + 48,
                  b - h,
                ],
                fill,
              )
            : path(
                `M${x} ${b - h}Q${x + 6} ${b - h - 6} ${x + 12} ${b - h - 14}Q${x + 24} ${b - h - 34} ${x + 36} ${b - h - 14}Q${x + 42} ${b - h - 6} ${x + 48} ${b - h}Z`,
                fill,
              );
        const windows = [0, 1, 2]
          .map((row) =>
            [10, 30]
              .map((dx) => rect(x + dx, b - h + 14 + row * 26, 9, 14, c.trim, ' opacity=".85"'))
              .join(''),
          )
          .join('');
        return (
          rect(x, b - h, 48, h, fill) +
          gable +
          windows +
          rect(x, b - h, 48, h, '#000', ' opacity=".06"')
        );
      }).join('');
    }
    case 'steeple-church':
      return [
        rect(cx - 50, b - 70, 100, 70, '#f7f5ef'),
        poly([cx - 58, b - 70, cx, b - 108, cx + 58, b - 70], c.roof),
        rect(cx - 16, b - 150, 32, 80, '#f7f5ef'),
        rect(cx - 12, b - 176, 24, 26, '#f7f5ef'),
        poly([cx - 14, b - 176, cx, b - 236, cx + 14, b - 176], c.roof),
        path(
          `M${cx - 6} ${b - 124}V${b - 136}Q${cx} ${b - 144} ${cx + 6} ${b - 136}V${b - 124}Z`,
          '#3a3a3a',
        ),
        ...[-34, 24].map((dx) =>
          path(
            `M${cx + dx} ${b - 20}V${b - 48}Q${cx + dx + 5} ${b - 56} ${cx + dx + 10} ${b - 48}V${b - 20}Z`,
            '#5d6b78',
          ),
        ),
        rect(cx - 9, b - 30, 18, 30, '#6b4a35'),
      ].join('');
    case 'domed-basilica':
      return [
        rect(cx - 100, b - 70, 200, 70, c.wall),
        poly([cx - 100, b - 70, cx - 60, b - 94, cx + 60, b - 94, cx + 100, b - 70], c.roof),
        rect(cx - 40, b - 118, 80, 40, c.wall),
        ...[-30, -10, 10, 30].map((dx) => rect(cx + dx - 3, b - 112, 6, 28, tone(c.wall, 0.7))),
        path(
          `M${cx - 44} ${b - 118}Q${cx - 44} ${b - 190} ${cx} ${b - 196}Q${cx + 44} ${b - 190} ${cx + 44} ${b - 118}Z`,
          c.roof,
        ),
        ...[-24, 0, 24].map((dx) =>
          path(
            `M${cx + dx} ${b - 120}Q${cx + dx * 0.7} ${b - 170} ${cx + dx * 0.2} ${b - 194}`,
            'none',
            ` stroke="${c.trim}" stroke-width="2" opacity=".7"`,
          ),
        ),
        rect(cx - 7, b - 214, 14, 20, c.trim),
        poly([cx - 9, b - 214, cx, b - 228, cx + 9, b - 214], c.roof),
        ...[-80, -50, 40, 70].map((dx) => rect(cx + dx, b - 56, 10, 40, tone(c.wall, 0.6))),
      ].join('');
    case 'classical-temple': {
      const columns = Array.from({ length: 8 }, (_, i) =>
        rect(cx - 104 + i * 28, b - 104, 12, 84, c.trim),
      ).join('');
      return [
        rect(cx - 124, b - 20, 248, 10, tone(c.wall, 0.85)),
        rect(cx - 116, b - 10, 232, 10, tone(c.wall, 0.75)),
        rect(cx - 116, b - 104, 232, 84, tone(c.wall, 0.7), ' opacity=".55"'),
        columns,
        rect(cx - 120, b - 120, 240, 16, c.wall),
        poly([cx - 124, b - 120, cx, b - 160, cx + 124, b - 120], c.wall),
        poly([cx - 104, b - 124, cx, b - 152, cx + 104, b - 124], tone(c.wall, 0.85)),
      ].join('');
    }
    case 'cycladic-village': {
      const cubes = [
        [-150, 60, 70],
        [-90, 90, 60],
        [-40, 70, 50],
        [60, 80, 64],
        [110, 56, 70],
        [-10, 120, 56],
      ]
        .map(
          ([dx, h, w]) =>
            rect(cx + dx!, b - h!, w!, h!, '#fbfbf8') +
            rect(cx + dx! + 12, b - h! + 16, 10, 14, '#2f6ea5'),
        )
        .join('');
      return [
        path(`M${cx - 170} ${b}Q${cx} ${b - 40} ${cx + 190} ${b}Z`, tone(c.wall, 0.8)),
        cubes,
        rect(cx + 14, b - 160, 44, 40, '#fbfbf8'),
        path(`M${cx + 12} ${b - 160}Q${cx + 36} ${b - 196} ${cx + 60} ${b - 160}Z`, '#2563b8'),
        rect(cx + 34, b - 206, 3, 12, '#fbfbf8'),
        rect(cx + 30, b - 200, 11, 3, '#fbfbf8'),
      ].join('');
    }
    case 'moorish-palace': {
      const arches = Array.from({ length: 6 }, (_, i) => {
        const x = cx - 120 + i * 34;
        return path(
          `M${x + 6} ${b}V${b - 34}C${x + 2} ${b - 52} ${x + 30} ${b - 52} ${x + 26} ${b - 34}V${b}Z`,
          tone(c.wall, 0.45),
        );
      }).join('');
      return [
        rect(cx - 130, b - 70, 200, 70, c.wall),
        rect(cx - 130, b - 78, 200, 8, c.roof),
        arches,
        rect(cx + 80, b - 190, 44, 190, tone(c.wall, 0.92)),
        rect(cx + 86, b - 214, 32, 24, c.wall),
        path(`M${cx + 86} ${b - 214}Q${cx + 102} ${b - 240} ${cx + 118} ${b - 214}Z`, c.accent),
        ...[0, 1, 2, 3].map((row) =>
          path(
            `M${cx + 96} ${b - 60 - row * 34}V${b - 72 - row * 34}C${cx + 94} ${b - 82 - row * 34} ${cx + 110} ${b - 82 - row * 34} ${cx + 108} ${b - 72 - row * 34}V${b - 60 - row * 34}Z`,
            tone(c.wall, 0.5),
          ),
        ),
      ].join('');
    }
    case 'orthodox-church': {
      const onion = (x: number, y: number, r: number, fill: string) =>
        path(
          `M${x - r} ${y}C${x - r} ${y - r * 1.3} ${x - r * 0.2} ${y - r * 1.2} ${x} ${y - r * 2.2}C${x + r * 0.2} ${y - r * 1.2} ${x + r} ${y - r * 1.3} ${x + r} ${y}Z`,
          fill,
        ) +
        rect(x - 1.5, y - r * 2.2 - 14, 3, 14, c.accent) +
        rect(x - 6, y - r * 2.2 - 10, 12, 2.5, c.accent);
      return [
        rect(cx - 90, b - 80, 180, 80, c.wall),
        rect(cx - 24, b - 126, 48, 46, c.wall),
        rect(cx - 76, b - 108, 28, 28, c.wall),
        rect(cx + 48, b - 108, 28, 28, c.wall),
        onion(cx, b - 126, 26, c.accent),
        onion(cx - 62, b - 108, 15, c.roof),
        onion(cx + 62, b - 108, 15, c.roof),
        path(
          `M${cx - 14} ${b}V${b - 30}Q${cx} ${b - 46} ${cx + 14} ${b - 30}V${b}Z`,
          tone(c.wall, 0.5),
        ),
        ...[-60, -40, 40, 60].map((dx) =>
          path(
            `M${cx + dx - 4} ${b - 30}V${b - 52}Q${cx + dx} ${b - 60} ${cx + dx + 4} ${b - 52}V${b - 30}Z`,
            tone(c.wall, 0.55),
          ),
        ),
      ].join('');
    }
    case 'mosque': {
      const minaret = (x: number) =>
        rect(x - 6, b - 190, 12, 190, c.trim) +
        rect(x - 10, b - 150, 20, 6, c.accent) +
        rect(x - 9, b - 110, 18, 5, c.accent) +
        poly([x - 7, b - 190, x, b - 224, x + 7, b - 190], c.roof);
      return [
        rect(cx - 90, b - 64, 180, 64, c.wall),
        rect(cx - 50, b - 96, 100, 32, c.wall),
        path(
          `M${cx - 54} ${b - 96}C${cx - 54} ${b - 150} ${cx + 54} ${b - 150} ${cx + 54} ${b - 96}Z`,
          c.roof,
        ),
        rect(cx - 2, b - 160, 4, 16, c.accent),
        circle(cx, b - 164, 4, c.accent),
        path(
          `M${cx - 86} ${b - 64}C${cx - 86} ${b - 92} ${cx - 46} ${b - 92} ${cx - 46} ${b - 64}Z`,
          c.roof,
        ),
        path(
          `M${cx + 46} ${b - 64}C${cx + 46} ${b - 92} ${cx + 86} ${b - 92} ${cx + 86} ${b - 64}Z`,
          c.roof,
        ),
        ...[-60, -30, 0, 30, 60].map((dx) =>
          path(
            `M${cx + dx - 8} ${b}V${b - 30}Q${cx + dx} ${b - 44} ${cx + dx + 8} ${b - 30}V${b}Z`,
            tone(c.wall, 0.55),
          ),
        ),
        minaret(cx - 118),
        minaret(cx + 118),
      ].join('');
    }
    case 'pagoda': {
      const tiers = Array.from({ length: 5 }, (_, i) => {
        const w = 96 - i * 14;
        const y = b - 40 - i * 34;
        return (
          rect(cx - w / 2 + 10, y - 6, w - 20, 34, c.accent) +
          path(
            `M${cx - w / 2 - 18} ${y - 4}Q${cx - w / 2} ${y - 10} ${cx - w / 2 + 6} ${y - 22}H${cx + w / 2 - 6}Q${cx + w / 2} ${y - 10} ${cx + w / 2 + 18} ${y - 4}Q${cx} ${y - 2} ${cx - w / 2 - 18} ${y - 4}Z`,
            c.roof,
          )
        );
      }).join('');
      return [
        rect(cx - 52, b - 14, 104, 14, tone(c.wall, 0.8)),
        rect(cx - 40, b - 40, 80, 28, c.accent),
        tiers,
        rect(cx - 2, b - 240, 4, 40, c.roof),
        ...[0, 1, 2, 3].map((i) => rect(cx - 6, b - 232 + i * 8, 12, 3, c.roof)),
      ].join('');
    }
    case 'stupa':
      return [
        rect(cx - 80, b - 20, 160, 20, c.trim),
        rect(cx - 64, b - 36, 128, 16, tone(c.trim, 0.92)),
        path(
          `M${cx - 56} ${b - 36}C${cx - 56} ${b - 110} ${cx + 56} ${b - 110} ${cx + 56} ${b - 36}Z`,
          c.accent,
        ),
        rect(cx - 16, b - 112, 32, 14, tone(c.accent, 0.85)),
        poly([cx - 12, b - 112, cx, b - 210, cx + 12, b - 112], c.accent),
        ...[0, 1, 2, 3, 4].map((i) =>
          rect(cx - 10 + i * 1.6, b - 126 - i * 14, 20 - i * 3.2, 3, tone(c.accent, 0.75)),
        ),
        circle(cx, b - 212, 3, c.accent),
      ].join('');
    case 'hindu-temple': {
      const tower = (x: number, h: number, w: number) =>
        path(
          `M${x - w / 2} ${b - 40}C${x - w / 2} ${b - 40 - h * 0.6} ${x - w / 5} ${b - 40 - h} ${x} ${b - 40 - h}C${x + w / 5} ${b - 40 - h} ${x + w / 2} ${b - 40 - h * 0.6} ${x + w / 2} ${b - 40}Z`,
          c.wall,
        ) +
        Array.from({ length: 5 }, (_, i) =>
          rect(x - w / 2 + 4 + i * 2, b - 52 - i * (h / 6), w - 8 - i * 4, 3, tone(c.wall, 0.7)),
        ).join('') +
        circle(x, b - 44 - h, 5, c.roof);
      return [
        rect(cx - 110, b - 40, 220, 40, tone(c.wall, 0.85)),
        ...[-90, -60, -30, 0, 30, 60, 90].map((dx) =>
          rect(cx + dx - 4, b - 36, 8, 36, tone(c.wall, 0.6)),
        ),
        tower(cx - 70, 80, 44),
        tower(cx + 70, 80, 44),
        tower(cx, 150, 70),
      ].join('');
    }
    case 'indian-palace': {
      const chhatri = (x: number, y: number, r: number) =>
        rect(x - r, y - 4, r * 2, 12, c.wall) +
        path(
          `M${x - r} ${y - 4}C${x - r} ${y - r * 1.6} ${x + r} ${y - r * 1.6} ${x + r} ${y - 4}Z`,
          c.accent,
        ) +
        rect(x - 1, y - r * 1.6 - 6, 2, 8, c.trim);
      const minaret = (x: number) =>
        rect(x - 5, b - 150, 10, 150, c.accent) + chhatri(x, b - 150, 8);
      return [
        rect(cx - 130, b - 16, 260, 16, tone(c.wall, 0.85)),
        rect(cx - 80, b - 100, 160, 84, c.accent),
        path(
          `M${cx - 22} ${b - 16}V${b - 66}Q${cx} ${b - 96} ${cx + 22} ${b - 66}V${b - 16}Z`,
          tone(c.wall, 0.6),
        ),
        ...[-58, 46].map((dx) =>
          path(
            `M${cx + dx} ${b - 24}V${b - 54}Q${cx + dx + 6} ${b - 66} ${cx + dx + 12} ${b - 54}V${b - 24}Z`,
            tone(c.wall, 0.6),
          ),
        ),
        rect(cx - 34, b - 118, 68, 18, c.accent),
        path(
          `M${cx - 44} ${b - 118}C${cx - 56} ${b - 170} ${cx - 10} ${b - 180} ${cx} ${b - 196}C${cx + 10} ${b - 180} ${cx + 56} ${b - 170} ${cx + 44} ${b - 118}Z`,
          c.accent,
        ),
        rect(cx - 1.5, b - 214, 3, 20, c.trim),
        chhatri(cx - 62, b - 100, 13),
        chhatri(cx + 62, b - 100, 13),
        minaret(cx - 118),
        minaret(cx + 118),
        rect(cx - 80, b - 100, 160, 84, '#000', ' opacity=".05"'),
      ].join('');
    }
    case 'pyramids': {
      const pyramid = (x: number, half: number) =>
        poly([x - half, b, x, b - half * 0.95, x + half, b], c.accent) +
        poly([x, b - half * 0.95, x + half, b, x + half * 0.25, b], tone(c.accent, 0.72));
      return pyramid(cx - 120, 56) + pyramid(cx + 40, 110) + pyramid(cx - 40, 80);
    }
    case 'egyptian-temple': {
      const pylon = (x: number, flip: number) =>
        poly([x, b, x + flip * 10, b - 130, x + flip * 70, b - 130, x + flip * 80, b], c.accent) +
        rect(Math.min(x + flip * 12, x + flip * 68), b - 120, 56, 4, tone(c.accent, 0.7)) +
        rect(Math.min(x + flip * 24, x + flip * 56), b - 100, 32, 60, tone(c.accent, 0.88));
      return [
        pylon(cx - 100, 1),
        pylon(cx + 100, -1),
        rect(cx - 20, b - 90, 40, 90, tone(c.accent, 0.8)),
        rect(cx - 12, b - 70, 24, 70, tone(c.accent, 0.45)),
        poly(
          [cx - 138, b, cx - 132, b - 150, cx - 126, b - 160, cx - 120, b - 150, cx - 114, b],
          tone(c.accent, 0.9),
        ),
      ].join('');
    }
    case 'step-pyramid': {
      const steps = Array.from({ length: 7 }, (_, i) =>
        rect(
          cx - 120 + i * 14,
          b - 20 - i * 20,
          240 - i * 28,
          20,
          i % 2 ? tone(c.wall, 0.82) : tone(c.wall, 0.72),
        ),
      ).join('');
      return [
        steps,
        rect(cx - 16, b - 140, 32, 140, tone(c.wall, 0.62)),
        ...Array.from({ length: 14 }, (_, i) =>
          rect(cx - 16, b - 8 - i * 10, 32, 2, tone(c.wall, 0.5)),
        ).join(''),
        rect(cx - 30, b - 176, 60, 36, tone(c.wall, 0.8)),
        rect(cx - 10, b - 164, 20, 24, tone(c.wall, 0.4)),
        rect(cx - 34, b - 182, 68, 6, tone(c.wall, 0.6)),
      ].join('');
    }
    case 'andean-ruins': {
      const terraces = Array.from({ length: 6 }, (_, i) =>
        path(
          `M${cx - 170 + i * 8} ${b - i * 14}H${cx + 170 - i * 8}V${b - i * 14 - 10}H${cx - 170 + i * 8}Z`,
          i % 2 ? '#6fa35a' : '#5e9350',
        ),
      ).join('');
      const walls = [-90, -30, 40]
        .map(
          (dx, i) =>
            rect(cx + dx, b - 110 - i * 6, 50, 28, '#a59c8b') +
            poly(
              [
                cx + dx + 18,
                b - 82 - i * 6,
                cx + dx + 21,
                b - 100 - i * 6,
                cx + dx + 29,
                b - 100 - i * 6,
                cx + dx + 32,
                b - 82 - i * 6,
              ],
              '#5a5347',
            ),
        )
        .join('');
      return [
        path(
          `M${cx + 60} ${b - 80}C${cx + 80} ${b - 160} ${cx + 110} ${b - 220} ${cx + 130} ${b - 226}C${cx + 160} ${b - 200} ${cx + 190} ${b - 120} ${cx + 220} ${b - 80}Z`,
          '#4f7a45',
        ),
        terraces,
        walls,
      ].join('');
    }
    case 'colonial-church': {
      const tower = (x: number) =>
        rect(x - 20, b - 150, 40, 150, c.wall) +
        rect(x - 24, b - 154, 48, 6, c.trim) +
        path(
          `M${x - 10} ${b - 120}V${b - 136}Q${x} ${b - 146} ${x + 10} ${b - 136}V${b - 120}Z`,
          tone(c.wall, 0.45),
        ) +
        path(
          `M${x - 16} ${b - 154}C${x - 16} ${b - 182} ${x + 16} ${b - 182} ${x + 16} ${b - 154}Z`,
          c.roof,
        ) +
        rect(x - 1.5, b - 196, 3, 16, c.trim) +
        rect(x - 6, b - 190, 12, 2.5, c.trim);
      return [
        rect(cx - 50, b - 110, 100, 110, c.wall),
        path(
          `M${cx - 50} ${b - 110}C${cx - 40} ${b - 126} ${cx - 20} ${b - 120} ${cx - 12} ${b - 140}Q${cx} ${b - 154} ${cx + 12} ${b - 140}C${cx + 20} ${b - 120} ${cx + 40} ${b - 126} ${cx + 50} ${b - 110}Z`,
          c.wall,
        ),
        circle(cx, b - 108, 9, tone(c.wall, 0.5)),
        path(
          `M${cx - 16} ${b}V${b - 40}Q${cx} ${b - 60} ${cx + 16} ${b - 40}V${b}Z`,
          tone(c.roof, 0.55),
        ),
        ...[-36, 28].map((dx) => rect(cx + dx, b - 80, 8, 60, c.trim, ' opacity=".8"')),
        tower(cx - 70),
        tower(cx + 70),
      ].join('');
    }
    case 'rock-facade':
      return [
        path(
          `M${cx - 170} ${b}V${b - 170}C${cx - 120} ${b - 200} ${cx + 110} ${b - 196} ${cx + 170} ${b - 176}V${b}Z`,
          '#b65a3a',
        ),
        rect(cx - 70, b - 60, 140, 60, '#d9875f'),
        ...[-60, -34, 22, 48].map((dx) => rect(cx + dx, b - 58, 10, 58, '#c46d49')),
        rect(cx - 14, b - 46, 28, 46, '#5a2a1b'),
        rect(cx - 76, b - 70, 152, 10, '#e09a72'),
        poly([cx - 76, b - 70, cx - 40, b - 92, cx - 30, b - 70], '#e09a72'),
        poly([cx + 30, b - 70, cx + 40, b - 92, cx + 76, b - 70], '#e09a72'),
        rect(cx - 22, b - 130, 44, 60, '#d9875f'),
        path(`M${cx - 24} ${b - 130}Q${cx} ${b - 156} ${cx + 24} ${b - 130}Z`, '#e09a72'),
        ...[-16, -4, 8].map((dx) => rect(cx + dx, b - 126, 6, 54, '#c46d49')),
      ].join('');
    case 'moai': {
      const head = (x: number, h: number) =>
        path(
          `M${x - 16} ${b - 24}V${b - 24 - h * 0.7}C${x - 18} ${b - 24 - h} ${x + 14} ${b - 24 - h - 4} ${x + 16} ${b - 24 - h * 0.75}L${x + 22} ${b - 24 - h * 0.45}L${x + 14} ${b - 24 - h * 0.35}V${b - 24}Z`,
          '#5c5148',
        ) + rect(x - 10, b - 24 - h * 0.72, 18, 4, '#3f3731');
      return [
        rect(cx - 140, b - 24, 280, 24, '#6e655c'),
        ...[-100, -50, 0, 50, 100].map((dx, i) => head(cx + dx, 100 + ((i * 17) % 24))),
      ].join('');
    }
    case 'skyline': {
      const towers = Array.from({ length: 11 }, (_, i) => {
        const x = cx - 170 + i * 31;
        const h = 70 + ((i * 47 + scene.variant * 29) % 130);
        const fill = i % 3 === 0 ? '#5b6b82' : i % 3 === 1 ? '#718199' : '#46566d';
        const lights = Array.from({ length: Math.floor(h / 18) }, (_, row) =>
          rect(
            x + 6,
            b - h + 8 + row * 18,
            16,
            5,
            scene.sky === 'sunset' || scene.sky === 'aurora' ? '#ffd98a' : '#c9e3f5',
            ' opacity=".6"',
          ),
        ).join('');
        return rect(x, b - h, 28, h, fill) + lights;
      }).join('');
      const spireX = cx - 170 + ((scene.variant * 4 + 5) % 11) * 31 + 14;
      return (
        towers +
        rect(spireX - 12, b - 230, 24, 230, '#3d4b60') +
        poly([spireX - 12, b - 230, spireX, b - 262, spireX + 12, b - 230], '#3d4b60') +
        rect(spireX - 1, b - 290, 2, 30, '#3d4b60')
      );
    }
    case 'lighthouse':
      return [
        path(
          `M${cx - 70} ${b}Q${cx - 40} ${b - 30} ${cx} ${b - 28}Q${cx + 50} ${b - 30} ${cx + 80} ${b}Z`,
          '#6b6f73',
        ),
        poly([cx - 22, b - 26, cx - 14, b - 190, cx + 14, b - 190, cx + 22, b - 26], '#fbfbf8'),
        ...[0, 1, 2].map((i) =>
          poly(
            [
              cx - 20 + i * 2.6,
              b - 60 - i * 50,
              cx - 18 + i * 2.6,
              b - 84 - i * 50,
              cx + 18 - i * 2.6,
              b - 84 - i * 50,
              cx + 20 - i * 2.6,
              b - 60 - i * 50,
            ],
            '#c0392b',
          ),
        ),
        rect(cx - 20, b - 196, 40, 6, '#2b2b2b'),
        rect(cx - 12, b - 220, 24, 24, '#ffe08a'),
        poly([cx - 16, b - 220, cx, b - 238, cx + 16, b - 220], '#2b2b2b'),
        rect(cx + 26, b - 54, 50, 30, '#fbfbf8'),
        poly([cx + 22, b - 54, cx + 51, b - 74, cx + 80, b - 54], '#c0392b'),
      ].join('');
    case 'overwater-bungalows': {
      const hut = (x: number, y: number) =>
        rect(x - 2, y, 3, 34, '#6b4a35') +
        rect(x + 34, y, 3, 34, '#6b4a35') +
        rect(x - 6, y - 4, 48, 6, '#8b6a4f') +
        rect(x, y - 30, 36, 26, '#c89b6d') +
        poly([x - 10, y - 30, x + 18, y - 54, x + 46, y - 30], '#a8743e');
      return [
        hut(cx - 150, b + 2),
        hut(cx - 80, b - 8),
        hut(cx - 10, b + 4),
        hut(cx + 60, b - 6),
        rect(cx - 150, b + 4, 260, 4, '#8b6a4f'),
      ].join('');
    }
    case 'wildlife': {
      const acacia = (x: number, s: number) =>
        rect(x - 3 * s, b - 70 * s, 6 * s, 70 * s, '#4a3424') +
        path(
          `M${x - 60 * s} ${b - 70 * s}C${x - 50 * s} ${b - 96 * s} ${x + 50 * s} ${b - 96 * s} ${x + 60 * s} ${b - 70 * s}Z`,
          '#3f5d2a',
        );
      const giraffe = path(
        `M${cx + 40} ${b}V${b - 50}H${cx + 44}V${b - 24}H${cx + 70}V${b}H${cx + 74}V${b - 52}L${cx + 80} ${b - 56}L${cx + 96} ${b - 126}L${cx + 108} ${b - 128}L${cx + 106} ${b - 120}L${cx + 98} ${b - 118}L${cx + 86} ${b - 50}L${cx + 36} ${b - 54}Z`,
        '#b97a35',
      );
      return acacia(cx - 80, 1.3) + acacia(cx + 150, 0.8) + giraffe;
    }
    case 'waterfall':
      return [
        path(
          `M${cx - 190} ${b}V${b - 150}C${cx - 120} ${b - 170} ${cx - 60} ${b - 150} ${cx - 40} ${b - 140}V${b}Z`,
          '#5c6b4a',
        ),
        path(
          `M${cx + 40} ${b}V${b - 140}C${cx + 80} ${b - 156} ${cx + 150} ${b - 170} ${cx + 200} ${b - 150}V${b}Z`,
          '#52613f',
        ),
        rect(cx - 42, b - 142, 84, 142, '#d7eef7'),
        ...[-30, -10, 10, 28].map((dx) =>
          rect(cx + dx, b - 140, 4, 140, '#ffffff', ' opacity=".8"'),
        ),
        path(
          `M${cx - 70} ${b}C${cx - 50} ${b - 26} ${cx + 50} ${b - 26} ${cx + 70} ${b}Z`,
          '#ffffff',
          ' opacity=".75"',
        ),
      ].join('');
    case 'none':
      return '';
  }
}

// ---------- Vegetation ----------

function palm(x: number, y: number, s: number) {
  return (
    path(
      `M${x} ${y}C${x + 4 * s} ${y - 40 * s} ${x + 10 * s} ${y - 70 * s} ${x + 16 * s} ${y - 90 * s}`,
      'none',
      ` stroke="#6b4a2b" stroke-width="${5 * s}" stroke-linecap="round"`,
    ) +
    [
      [-40, 10],
      [-30, -14],
      [38, 10],
      [30, -16],
      [4, -26],
    ]
      .map(([dx, dy]) =>
        path(
          `M${x + 16 * s} ${y - 90 * s}Q${x + (16 + dx! / 2) * s} ${y + (-100 + dy! / 2) * s} ${x + (16 + dx!) * s} ${y + (-86 + dy!) * s}`,
          'none',
          ` stroke="#2f7a3c" stroke-width="${6 * s}" stroke-linecap="round"`,
        ),
      )
      .join('')
  );
}

function pine(x: number, y: number, s: number, snowy: boolean) {
  return (
    rect(x - 2 * s, y - 10 * s, 4 * s, 10 * s, '#4a3424') +
    poly([x - 16 * s, y - 10 * s, x, y - 60 * s, x + 16 * s, y - 10 * s], '#2e5a3c') +
    (snowy ? poly([x - 7 * s, y - 38 * s, x, y - 60 * s, x + 7 * s, y - 38 * s], '#f4f8fb') : '')
  );
}

function broadleaf(x: number, y: number, s: number, fill: string) {
  return (
    rect(x - 2.5 * s, y - 24 * s, 5 * s, 24 * s, '#5a4030') + circle(x, y - 34 * s, 18 * s, fill)
  );
}

function shrub(x: number, y: number, s: number) {
  return path(
    `M${x - 14 * s} ${y}C${x - 12 * s} ${y - 16 * s} ${x + 12 * s} ${y - 16 * s} ${x + 14 * s} ${y}Z`,
    '#8a8a4a',
  );
}

function vegetation(scene: ArtworkScene, landmarkX: number): string {
  const side = landmarkX < 320 ? [520, 590] : [50, 120];
  const y = BASE + 10;
  if (scene.landmark === 'overwater-bungalows' || scene.landmark === 'waterfall') return '';
  switch (scene.climate) {
    case 'tropical':
      return palm(side[0]!, y + 6, 1) + palm(side[1]!, y + 14, 0.8);
    case 'arid':
      return scene.landscape === 'desert' || scene.landscape === 'red-rock'
        ? shrub(side[0]!, y + 10, 1) + shrub(side[1]!, y + 16, 0.8)
        : palm(side[0]!, y + 6, 0.9);
    case 'cold':
      return (
        pine(side[0]!, y + 8, 1.1, true) +
        pine(side[1]!, y + 14, 0.9, true) +
        pine(side[0]! + 34, y + 18, 0.8, true)
      );
    case 'temperate':
      return scene.landscape === 'mountains' || scene.landscape === 'lake'
        ? pine(side[0]!, y + 8, 1, false) + pine(side[1]!, y + 14, 0.85, false)
        : broadleaf(side[0]!, y + 8, 1, '#4f8a45') + broadleaf(side[1]!, y + 14, 0.8, '#5c9950');
  }
}

/** The scene as an SVG document. */
export function renderScene(scene: ArtworkScene): string {
  const base = PALETTES[scene.palette];
  const colours: Colours = { ...base, shade: tone(base.wall, 0.82) };
  const landmarkX = [250, 320, 390][scene.variant]!;
  const ground = landscape(scene);
  const shadeLight =
    scene.sky === 'sunset'
      ? rect(0, 0, W, H, '#f08a5d', ' opacity=".12"')
      : scene.sky === 'aurora'
        ? rect(0, 0, W, H, '#0b1533', ' opacity=".35"')
        : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice" aria-hidden="true">`,
    sky(scene),
    ground.back,
    ground.front,
    `<g>${landmark(scene.landmark, landmarkX, colours, scene)}</g>`,
    vegetation(scene, landmarkX),
    shadeLight,
    '</svg>',
  ].join('');
}
