import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { MapPoint } from './world-map';

// The map data (world-atlas) and d3-geo load with the first map shown, never with a page.
const WorldMap = lazy(() => import('./world-map'));

export type { MapPoint };

/** Keeps a failed chunk load (offline after an update) from breaking its dialog. */
class MapBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function MapFrame({
  label,
  loading,
  unavailable,
  children,
}: {
  label: string;
  loading: string;
  unavailable: string;
  children: ReactNode;
}) {
  const placeholder = (text: string) => (
    <div
      role="img"
      aria-label={label}
      className="flex aspect-[640/300] w-full items-center justify-center rounded-xl border border-line bg-raised text-sm text-ink-muted"
    >
      <span aria-hidden="true">{text}</span>
    </div>
  );
  return (
    <MapBoundary fallback={placeholder(unavailable)}>
      <Suspense fallback={placeholder(loading)}>{children}</Suspense>
    </MapBoundary>
  );
}

/** A flight's route on a world map: both airports and the great-circle arc between them. */
export function RouteMap({
  from,
  to,
  label,
  loading,
  unavailable,
}: {
  from: MapPoint;
  to: MapPoint;
  label: string;
  loading: string;
  unavailable: string;
}) {
  return (
    <MapFrame label={label} loading={loading} unavailable={unavailable}>
      <WorldMap points={[from, to]} label={label} route />
    </MapFrame>
  );
}

/** One place (a hotel) on the map of its region. */
export function LocationMap({
  place,
  label,
  loading,
  unavailable,
}: {
  place: MapPoint;
  label: string;
  loading: string;
  unavailable: string;
}) {
  return (
    <MapFrame label={label} loading={loading} unavailable={unavailable}>
      <WorldMap points={[place]} label={label} />
    </MapFrame>
  );
}
