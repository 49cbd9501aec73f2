import { artworkSceneOf, type ArtworkLandmark } from '@vowa/shared/artwork/artwork-scene';
import { describe, expect, it } from 'vitest';
import { artworkForPlace, landmarkFits } from '../artwork/artwork-service';
import { findAirport } from './geo/airports';
import { curatedDestinations } from './offline/data/destinations';

/** Every destination of the offline inventory with the artwork it is shown with. */
const drawn = curatedDestinations.map((destination) => {
  const airport = findAirport(destination.airport)!;
  const place = {
    name: destination.city,
    countryCode: airport.countryCode,
    latitude: airport.latitude,
    longitude: airport.longitude,
    category: destination.category,
  };
  return { destination, airport, place, ...artworkForPlace(place) };
});

const where = (landmark: ArtworkLandmark) =>
  drawn.filter((entry) => entry.scene.landmark === landmark);
const countries = (landmark: ArtworkLandmark) =>
  new Set(where(landmark).map((entry) => entry.airport.countryCode));

describe('destination artwork (issue 13 §2)', () => {
  it('draws every one of the 259 destinations with a landmark of its own culture', () => {
    expect(drawn).toHaveLength(259);
    const misfits = drawn
      .filter((entry) => !landmarkFits(entry.scene.landmark, entry.place))
      .map((entry) => `${entry.destination.city}: ${entry.scene.landmark}`);
    expect(misfits).toEqual([]);
  });

  it('keeps each landmark style to its region', () => {
    const within = (landmark: ArtworkLandmark, allowed: string) =>
      expect([...countries(landmark)].filter((code) => !allowed.split(' ').includes(code))).toEqual(
        [],
      );
    within('pagoda', 'JP CN KR TW HK MO VN');
    within('classical-temple', 'GR IT TR');
    within('cycladic-village', 'GR');
    within('pyramids', 'EG');
    within('egyptian-temple', 'EG');
    within('step-pyramid', 'MX GT BZ HN SV');
    within('andean-ruins', 'PE BO EC');
    within('stupa', 'TH LA KH MM LK NP BT IN ID');
    within('orthodox-church', 'CY GR BG RO RS GE ME');
    within('moorish-palace', 'ES PT MA');
    within('rock-facade', 'JO');
    expect(where('moai').map((entry) => entry.destination.city)).toEqual(['Easter Island']);
  });

  it('gives the places the walkthrough saw wrong what fits them', () => {
    const sceneOf = (city: string) => drawn.find((entry) => entry.destination.city === city)!.scene;
    expect(sceneOf('Johannesburg').landmark).toBe('skyline');
    expect(sceneOf('Riga').landmark).toBe('gabled-houses');
    expect(sceneOf('Florence')).toMatchObject({ landmark: 'domed-basilica', landscape: 'river' });
    expect(sceneOf('Jaipur')).toMatchObject({ landmark: 'indian-palace', climate: 'arid' });
    expect(sceneOf('Seville')).toMatchObject({ landmark: 'moorish-palace', landscape: 'river' });
    expect(sceneOf('Luxor')).toMatchObject({ landmark: 'egyptian-temple', climate: 'arid' });
    expect(sceneOf('Cusco')).toMatchObject({ landmark: 'andean-ruins', landscape: 'mountains' });
    expect(sceneOf('Cairo').landmark).toBe('pyramids');
    expect(sceneOf('Kyoto').landmark).toBe('pagoda');
    expect(sceneOf('Athens').landmark).toBe('classical-temple');
    expect(sceneOf('Tromsø')).toMatchObject({ climate: 'cold', sky: 'aurora' });
    expect(sceneOf('Maldives')).toMatchObject({
      landmark: 'overwater-bungalows',
      landscape: 'islands',
      climate: 'tropical',
    });
  });

  it('fits the climate to the latitude and region, and the sky to the climate', () => {
    for (const { destination, airport, scene } of drawn) {
      const latitude = Math.abs(airport.latitude);
      const label = `${destination.city} ${scene.climate}/${scene.sky}`;
      if (scene.climate === 'tropical') expect(latitude, label).toBeLessThan(30);
      // Snow far from the poles only up on the Altiplano and in Ladakh.
      const highUp = ['La Paz', 'Uyuni', 'Leh'].includes(destination.city);
      if (scene.climate === 'cold') expect(latitude > 35 || highUp, label).toBe(true);
      if (scene.sky === 'aurora') expect(latitude, label).toBeGreaterThan(60);
      if (scene.sky === 'snow') expect(scene.climate, label).toBe('cold');
      if (scene.sky === 'grey') expect(['temperate', 'cold'], label).toContain(scene.climate);
      if (scene.landscape === 'desert') expect(scene.climate, label).toBe('arid');
    }
  });

  it('is deterministic, varied, and readable back from its address', () => {
    const again = curatedDestinations.map((destination) => {
      const airport = findAirport(destination.airport)!;
      return artworkForPlace({
        name: destination.city,
        countryCode: airport.countryCode,
        latitude: airport.latitude,
        longitude: airport.longitude,
        category: destination.category,
      }).url;
    });
    expect(again).toEqual(drawn.map((entry) => entry.url));
    expect(new Set(again).size).toBeGreaterThan(150);
    for (const entry of drawn) expect(artworkSceneOf(entry.url)).toEqual(entry.scene);
  });
});
