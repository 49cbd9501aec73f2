import { useMemo } from 'react';
import { geoCircle, geoGraticule10, geoNaturalEarth1, geoPath, type GeoProjection } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land110m from 'world-atlas/land-110m.json';

/**
 * The map drawing itself: Natural Earth's land (world-atlas, 1:110m) projected with d3-geo into
 * an SVG. This module and its data load only when a dialog shows a map (see ./maps.tsx).
 */

export type MapPoint = { latitude: number; longitude: number; label: string };

const W = 640;
const H = 300;
const PAD = 36;

const topology = land110m as unknown as Topology<{ land: GeometryCollection }>;
const land = feature(topology, topology.objects.land);
const graticule = geoGraticule10();

const lonLat = (point: MapPoint): [number, number] => [point.longitude, point.latitude];

/** A projection centred on what is shown, never zoomed in further than the land data allows. */
function projectionFor(points: MapPoint[]): GeoProjection {
  const [first, last = first] = points;
  const midLongitude = first && last ? (first.longitude + last.longitude) / 2 : 0;
  // The antimeridian: a route from Los Angeles to Sydney is centred over the Pacific.
  const wraps = first && last && Math.abs(first.longitude - last.longitude) > 180;
  const rotate = -(wraps ? midLongitude + 180 : midLongitude);
  const projection = geoNaturalEarth1().rotate([rotate, 0]);
  const shape =
    points.length === 1 && first
      ? geoCircle().center(lonLat(first)).radius(9)()
      : ({ type: 'LineString', coordinates: points.map(lonLat) } as const);
  projection.fitExtent(
    [
      [PAD, PAD],
      [W - PAD, H - PAD],
    ],
    shape,
  );
  const world = geoNaturalEarth1().fitSize([W, H], { type: 'Sphere' }).scale();
  if (projection.scale() > world * 10) {
    const centre = projection.invert?.([W / 2, H / 2]);
    projection.scale(world * 10);
    if (centre) {
      const [x, y] = projection(centre) ?? [W / 2, H / 2];
      const [tx, ty] = projection.translate();
      projection.translate([tx + W / 2 - x, ty + H / 2 - y]);
    }
  }
  return projection.clipExtent([
    [0, 0],
    [W, H],
  ]);
}

export default function WorldMap({
  points,
  label,
  route = false,
}: {
  /** One place (a hotel), or a route's two ends. */
  points: MapPoint[];
  label: string;
  /** Draw the great-circle arc between the two points. */
  route?: boolean;
}) {
  const drawing = useMemo(() => {
    const projection = projectionFor(points);
    const path = geoPath(projection);
    return {
      land: path(land) ?? '',
      graticule: path(graticule) ?? '',
      arc:
        route && points.length === 2
          ? (path({ type: 'LineString', coordinates: points.map(lonLat) }) ?? '')
          : '',
      marks: points.map((point) => ({ point, at: projection(lonLat(point)) })),
    };
  }, [points, route]);

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${W} ${H}`}
      data-testid="map"
      className="block h-auto w-full rounded-xl border border-line bg-sky-100 dark:bg-slate-900"
    >
      <path
        d={drawing.graticule}
        className="fill-none stroke-sky-200 dark:stroke-slate-800"
        strokeWidth={0.6}
      />
      <path
        d={drawing.land}
        className="fill-slate-300 stroke-slate-400 dark:fill-slate-700 dark:stroke-slate-600"
        strokeWidth={0.6}
      />
      {drawing.arc ? (
        <path
          d={drawing.arc}
          data-testid="map-route"
          className="fill-none stroke-violet-700 dark:stroke-violet-300"
          strokeWidth={2.5}
          strokeDasharray="6 5"
          strokeLinecap="round"
        />
      ) : null}
      {drawing.marks.map(({ point, at }, index) =>
        at ? (
          <g key={`${point.label}-${index}`} transform={`translate(${at[0]} ${at[1]})`}>
            <circle
              r={6}
              className="fill-violet-700 stroke-white dark:fill-violet-300 dark:stroke-slate-950"
              strokeWidth={2}
            />
            <text
              y={at[1] < 40 ? 22 : -12}
              textAnchor={at[0] < 60 ? 'start' : at[0] > W - 60 ? 'end' : 'middle'}
              className="fill-slate-950 stroke-white text-[15px] font-semibold dark:fill-white dark:stroke-slate-950"
              strokeWidth={4}
              paintOrder="stroke"
            >
              {point.label}
            </text>
          </g>
        ) : null,
      )}
    </svg>
  );
}
