import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * docs/deploying.md's entitlement table is derived from the vendor's Swagger file by
 * scripts/entitlements.mjs: it must match the Swagger the repository has, and a Swagger that says
 * something else must fail the check (so the table stays true when the Swagger is updated).
 */
const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const SWAGGER = resolve(ROOT, '../shared/reference/learn-swagger-3900.121.0.json');
const check = (env: Record<string, string> = {}) => run(process.execPath, ['scripts/entitlements.mjs', '--check'], { cwd: ROOT, env: { ...process.env, ...env } });

describe("the administrators' entitlement table", () => {
  it('matches the Swagger file, and names what creating a meeting needs', async () => {
    const { stdout } = await check();
    expect(stdout).toContain('matches the Swagger file');
    const doc = await readFile(join(ROOT, 'docs/deploying.md'), 'utf8');
    expect(doc).toContain('| Meetings and roll call | `POST /v1/courses/{courseId}/meetings` | `course.attendance.CREATE` | The "course.attendance.CREATE" entitlement is required to create a Course Meeting. |');
  });

  it('fails when the Swagger names another entitlement, or drops an operation Rollbook calls', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rollbook-swagger-'));
    try {
      const text = await readFile(SWAGGER, 'utf8');
      const changed = join(dir, 'changed.json');
      await writeFile(changed, text.replace('The \\"course.attendance.CREATE\\" entitlement is required to create a Course Meeting.', 'The \\"course.attendance.EDIT\\" entitlement is required to create a Course Meeting.'));
      await expect(check({ ROLLBOOK_SWAGGER: changed })).rejects.toMatchObject({ stderr: expect.stringContaining('out of date') });
      const swagger = JSON.parse(text) as { paths: Record<string, Record<string, unknown>> };
      delete swagger.paths['/learn/api/public/v1/courses/{courseId}/meetings/{meetingId}/users/bulk'];
      const dropped = join(dir, 'dropped.json');
      await writeFile(dropped, JSON.stringify(swagger));
      await expect(check({ ROLLBOOK_SWAGGER: dropped })).rejects.toMatchObject({ stderr: expect.stringContaining('users/bulk is not in the Swagger file') });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
