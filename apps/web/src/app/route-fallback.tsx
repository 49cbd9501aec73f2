/** Painted for the instant before the first route chunk arrives; same page colour, no flash. */
export function RouteFallback() {
  return <div className="min-h-dvh bg-page" />;
}
