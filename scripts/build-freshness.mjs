// Whether a build is older than what it is built from, for `npm start` (a quick start):
// the renderer's build takes 20 s or more here, and a start that finds it up to date skips it.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Folders that hold no source: dependencies, builds, VCS data. */
const SKIP = new Set(['node_modules', 'dist', '.git']);

/** The newest modification time (ms) under `path`, a file or a folder; 0 when it does not exist. */
function newest(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs; // a deleted file changes its folder's time
  for (const entry of readdirSync(path)) if (!SKIP.has(entry)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/**
 * Why `output` must be built again, or undefined when it is newer than every input: "not built
 * yet", or the input changed since (the first one found, for the line `npm start` prints).
 */
export function staleBecause(output, inputs) {
  const built = newest(output);
  if (built === 0) return 'not built yet';
  const changed = inputs.find((input) => newest(input) > built);
  return changed === undefined ? undefined : `${changed} changed since the last build`;
}
