/**
 * How every screen names a Learn site: the demo is "the demo" (its sandbox gets a new address
 * every launch, so the address names nothing), any other site its host, "learn.school.edu", as
 * the instructor typed it. Before, the account menu said "127.0.0.1:39559", Settings "The demo"
 * and the site card "Northfield University (demo sandbox)" for one and the same site.
 */
export function siteName(learnUrl: string, demo: boolean): string {
  if (demo) return 'the demo';
  try {
    return new URL(learnUrl).host;
  } catch {
    return learnUrl;
  }
}

/** A name at the start of a line or a sentence: "The demo". */
export function asHeading(name: string): string {
  return name.charAt(0).toLocaleUpperCase() + name.slice(1);
}
