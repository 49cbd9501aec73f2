import { lazy, Suspense } from 'react';
import { HomePage } from '../features/landing/home-page';

// The signed-in home's panels read the trips and lists: loaded only for a signed-in person.
const HomeGlance = lazy(() =>
  import('./home-glance').then((module) => ({ default: module.HomeGlance })),
);

/** '/': the landing, with the at-a-glance panels under the signed-in home's tiles. */
export function HomeRoute() {
  return (
    <HomePage
      glance={
        <Suspense fallback={null}>
          <HomeGlance />
        </Suspense>
      }
    />
  );
}
