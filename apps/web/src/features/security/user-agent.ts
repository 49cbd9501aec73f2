/** Devices for the Security settings, in plain words. */

/** The browser and operating system named by a user agent, or null when it names neither. */
export function describeUserAgent(userAgent: string | null): {
  browser: string | null;
  os: string | null;
} {
  const ua = userAgent ?? '';
  const browsers: [RegExp, string][] = [
    [/Edg(e|A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/SamsungBrowser\//, 'Samsung Internet'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const systems: [RegExp, string][] = [
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Android/, 'Android'],
    [/CrOS/, 'ChromeOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/Linux/, 'Linux'],
  ];
  return {
    browser: browsers.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
    os: systems.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
  };
}
