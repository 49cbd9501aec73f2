import { describe, expect, it } from 'vitest';
import { artworkSceneUrl } from '@vowa/shared/artwork/artwork-scene';
import { es } from '../locales/es';
import { ja } from '../locales/ja';
import i18n from './i18n';
import { artworkAlt } from './destination-image';

const riga = artworkSceneUrl({
  landmark: 'gothic-cathedral',
  landscape: 'river',
  climate: 'temperate',
  sky: 'grey',
  palette: 'northern',
  variant: 2,
});
const tromso = artworkSceneUrl({
  landmark: 'none',
  landscape: 'mountains',
  climate: 'cold',
  sky: 'aurora',
  palette: 'northern',
  variant: 0,
});

describe('artworkAlt', () => {
  it('says what the artwork shows, in the person’s language', () => {
    const en = i18n.getFixedT('en');
    expect(artworkAlt(en, riga)).toBe(
      'Illustration: a Gothic cathedral by a river under a grey sky',
    );
    expect(artworkAlt(en, tromso)).toBe('Illustration: mountains under the northern lights');
    i18n.addResourceBundle('ja', 'translation', ja);
    i18n.addResourceBundle('es', 'translation', es);
    expect(artworkAlt(i18n.getFixedT('ja'), riga)).toBe(
      'イラスト：灰色の空の下、川辺のゴシック様式の大聖堂',
    );
    expect(artworkAlt(i18n.getFixedT('es'), riga)).toBe(
      'Ilustración: una catedral gótica junto a un río bajo un cielo gris',
    );
  });

  it('is null for photos and the old category pictures', () => {
    const en = i18n.getFixedT('en');
    expect(artworkAlt(en, 'https://images.unsplash.com/photo-1?w=1080')).toBeNull();
    expect(artworkAlt(en, '/artwork/bucket/beach.svg')).toBeNull();
    expect(
      artworkAlt(en, '/api/artwork/scenes/pagoda.nowhere.cold.grey.northern.1.svg'),
    ).toBeNull();
    expect(artworkAlt(en, '')).toBeNull();
  });
});
