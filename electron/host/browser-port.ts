import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';
import { readPrivateJson, replacePrivateFile } from '../core/files/private-file';

/**
 * Browser mode's port. The browser keeps Rollbook's offline data (IndexedDB) per origin, port
 * included, so the port must stay the same from one launch to the next; and a fixed, well-known
 * port is one another local user could take first and then serve their own page in Rollbook's
 * origin. So each data folder picks a random free port at its first run and keeps it
 * (`browser-port.json` in the 0700 data folder). ROLLBOOK_PORT overrides it.
 *
 * The range 20000-32767 lies below the ephemeral ranges of Linux (32768-60999), Windows and macOS
 * (49152-65535), so no outgoing connection is handed the port by the system between two runs.
 */
const PORT_FILE = 'browser-port.json';
const LOW = 20000;
const HIGH = 32767;
const Kept = z.strictObject({ port: z.number().int().min(1).max(65535) });

export interface ChosenPort {
  port: number;
  /** Where it came from, for the start-up line. */
  source: 'ROLLBOOK_PORT' | 'kept' | 'new';
}

/** The port this data folder's browser mode listens on; chooses and keeps one on first use. */
export async function browserPort(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<ChosenPort> {
  if (env.ROLLBOOK_PORT !== undefined && env.ROLLBOOK_PORT !== '') {
    const port = Number(env.ROLLBOOK_PORT);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`ROLLBOOK_PORT must be a port number (0-65535); it is "${env.ROLLBOOK_PORT}".`);
    return { port, source: 'ROLLBOOK_PORT' };
  }
  const file = join(dataDir, PORT_FILE);
  // A damaged file must not silently move the data to a new address: say so.
  const kept = await readPrivateJson(file, Kept);
  if (kept.state === 'read') return { port: kept.data.port, source: 'kept' };
  if (kept.state === 'damaged') {
    throw new Error(`${file} is damaged. Put back {"port": <the port Rollbook used>} or delete the file to choose a new port (data kept at the old address will not show at a new one).`);
  }
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW + 1));
    if (await isFree(port)) {
      await replacePrivateFile(file, JSON.stringify({ port }));
      return { port, source: 'new' };
    }
  }
  throw new Error(`Could not find a free port between ${LOW} and ${HIGH}; set ROLLBOOK_PORT to a free port.`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * Which program listens on a TCP port of 127.0.0.1, where the operating system tells (Linux's
 * `ss` names it when it belongs to this user or when run as root); undefined otherwise.
 */
export function portHolder(port: number): Promise<string | undefined> {
  if (process.platform !== 'linux') return Promise.resolve(undefined);
  return new Promise((resolve) => {
    execFile('ss', ['-H', '-l', '-t', '-n', '-p', `sport = :${port}`], { timeout: 2000 }, (error, stdout) => {
      if (error) return resolve(undefined);
      const match = /users:\(\("([^"]+)",pid=(\d+)/.exec(stdout);
      resolve(match ? `${match[1]} (process ${match[2]})` : undefined);
    });
  });
}

/** The plain message for a port another program holds. */
export function portTakenMessage(port: number, holder: string | undefined): string {
  const who = holder ? `another program, ${holder},` : 'another program';
  return [
    `Port ${port} on 127.0.0.1 is taken by ${who} and it is not this Rollbook.`,
    'Rollbook will not start on another port: the browser keeps your offline attendance per address, and a program',
    'serving pages on this address could read it. Stop that program and run `npm start` again, or choose another port',
    'with ROLLBOOK_PORT (offline data kept at the old address does not show at a new one).',
  ].join('\n');
}
