import type { TFunction } from 'i18next';
import { artworkSceneOf } from '@vowa/shared/artwork/artwork-scene';

/**
 * What a destination's generated artwork shows, in the person's language ("Illustration: a
 * Gothic cathedral by a river under a grey sky"), read from the artwork's address; null when
 * the image is not generated artwork (a photo says the place instead).
 */
export function artworkAlt(t: TFunction, image: string | null | undefined): string | null {
  const scene = artworkSceneOf(image);
  if (!scene) return null;
  const sky = t(`artwork.sky.${scene.sky}`);
  if (scene.landmark === 'none') {
    return t('artwork.altScenery', { scenery: t(`artwork.scenery.${scene.landscape}`), sky });
  }
  return t('artwork.alt', {
    landmark: t(`artwork.landmark.${scene.landmark}`),
    setting: t(`artwork.setting.${scene.landscape}`),
    sky,
  });
}
