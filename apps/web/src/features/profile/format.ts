/** A website as people read it: without the scheme and a trailing slash. */
export function displayWebsite(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}
