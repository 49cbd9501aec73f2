/**
 * A destination's generated artwork, described by what it shows (issue 13 §2). The server draws
 * the picture from these traits (`GET /api/artwork/scenes/<scene>.svg`), and the web reads them
 * back from the same address to say in the person's language what the picture shows.
 */

/** The building or sight in front, each belonging to the places whose culture it is. */
export const artworkLandmarks = [
  'gothic-cathedral',
  'castle',
  'gabled-houses',
  'steeple-church',
  'domed-basilica',
  'classical-temple',
  'cycladic-village',
  'moorish-palace',
  'orthodox-church',
  'mosque',
  'pagoda',
  'stupa',
  'hindu-temple',
  'indian-palace',
  'pyramids',
  'egyptian-temple',
  'step-pyramid',
  'andean-ruins',
  'colonial-church',
  'rock-facade',
  'moai',
  'skyline',
  'lighthouse',
  'overwater-bungalows',
  'wildlife',
  'waterfall',
  'none',
] as const;
export type ArtworkLandmark = (typeof artworkLandmarks)[number];

/** The ground the scene stands on. */
export const artworkLandscapes = [
  'coast',
  'islands',
  'mountains',
  'desert',
  'plains',
  'jungle',
  'river',
  'lake',
  'red-rock',
] as const;
export type ArtworkLandscape = (typeof artworkLandscapes)[number];

export const artworkClimates = ['tropical', 'arid', 'temperate', 'cold'] as const;
export type ArtworkClimate = (typeof artworkClimates)[number];

/** The sky, which follows the climate (a grey sky is never tropical, an aurora only far north). */
export const artworkSkies = ['clear', 'sunset', 'grey', 'snow', 'aurora', 'haze'] as const;
export type ArtworkSky = (typeof artworkSkies)[number];

/** The colours of the buildings, by the region's usual materials. */
export const artworkPalettes = [
  'northern',
  'mediterranean',
  'eastern',
  'east-asian',
  'south-asian',
  'southeast-asian',
  'middle-eastern',
  'african',
  'latin',
  'north-american',
  'oceanian',
] as const;
export type ArtworkPalette = (typeof artworkPalettes)[number];

export type ArtworkScene = {
  landmark: ArtworkLandmark;
  landscape: ArtworkLandscape;
  climate: ArtworkClimate;
  sky: ArtworkSky;
  palette: ArtworkPalette;
  /** 0–2: where things stand, so neighbours with the same traits still differ. */
  variant: number;
};

export const ARTWORK_SCENE_PATH = '/api/artwork/scenes/';
export const ARTWORK_VARIANTS = 3;

/** The address of a scene's picture: `/api/artwork/scenes/pagoda.river.temperate.clear.east-asian.1.svg`. */
export function artworkSceneUrl(scene: ArtworkScene): string {
  const { landmark, landscape, climate, sky, palette, variant } = scene;
  return `${ARTWORK_SCENE_PATH}${[landmark, landscape, climate, sky, palette, variant].join('.')}.svg`;
}

const isOneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (list as readonly string[]).includes(value);

/** The scene a name (`pagoda.river….1.svg`) stands for; null for anything else. */
export function parseArtworkScene(name: string): ArtworkScene | null {
  const match = /^([a-z-]+)\.([a-z-]+)\.([a-z-]+)\.([a-z-]+)\.([a-z-]+)\.(\d)\.svg$/.exec(name);
  if (!match) return null;
  const [, landmark, landscape, climate, sky, palette, variant] = match;
  if (
    !isOneOf(artworkLandmarks, landmark) ||
    !isOneOf(artworkLandscapes, landscape) ||
    !isOneOf(artworkClimates, climate) ||
    !isOneOf(artworkSkies, sky) ||
    !isOneOf(artworkPalettes, palette)
  ) {
    return null;
  }
  const index = Number(variant);
  if (index >= ARTWORK_VARIANTS) return null;
  return { landmark, landscape, climate, sky, palette, variant: index };
}

/** The scene an image address shows, when it is generated artwork (path or same-origin URL). */
export function artworkSceneOf(image: string | null | undefined): ArtworkScene | null {
  if (!image) return null;
  const at = image.indexOf(ARTWORK_SCENE_PATH);
  if (at < 0) return null;
  const before = image.slice(0, at);
  if (before !== '' && !/^https?:\/\/[^/]+$/.test(before)) return null;
  return parseArtworkScene(image.slice(at + ARTWORK_SCENE_PATH.length).split(/[?#]/)[0] ?? '');
}

/** Unsplash's photographer credit, which must be shown with the photo (API guidelines). */
export type PhotoCredit = {
  photographer: string;
  /** The photographer's Unsplash profile, with utm_source and utm_medium=referral. */
  photographerUrl: string;
  /** Unsplash's home page, with the same utm parameters. */
  sourceUrl: string;
};
