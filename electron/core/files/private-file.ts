import { randomUUID } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { z } from 'zod';

/**
 * The one way the main side keeps a small JSON file between launches (the vault, the remembered
 * site, Ally's hashes). Written in a folder only the user can enter (0700), readable only by the
 * user (0600), and whole or not at all: the text goes to a new temporary file beside it, flushed
 * to disk, then renamed over the old one (atomic on one file system), so a crash never leaves half
 * a file. Read back checked by its schema; what a damaged file means is each caller's to say.
 */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

export async function replacePrivateFile(file: string, text: string): Promise<void> {
  const directory = dirname(file);
  await mkdir(directory, { recursive: true, mode: DIR_MODE });
  // mkdir leaves an existing directory as it is: tighten it.
  await chmod(directory, DIR_MODE);
  const temporary = join(directory, `.${randomUUID()}.tmp`);
  // 'wx': never reuse an existing file, which could be a link planted to redirect the write.
  const handle = await open(temporary, 'wx', FILE_MODE);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
}

/** What a kept file holds: nothing yet, something that is not what was written, or its data. */
export type PrivateJson<T> = { state: 'absent' } | { state: 'damaged' } | { state: 'read'; data: T };

/** Reads `file` as JSON checked by `schema`. A read error other than "no such file" throws. */
export async function readPrivateJson<S extends z.ZodType>(file: string, schema: S): Promise<PrivateJson<z.output<S>>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'absent' };
    throw error;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { state: 'damaged' };
  }
  const parsed = schema.safeParse(data);
  return parsed.success ? { state: 'read', data: parsed.data } : { state: 'damaged' };
}
