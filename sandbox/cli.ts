import { parseArgs } from 'node:util';
import { DEMO_ALLY_CLIENT, DEMO_APP } from './core/context';
import { DEMO_COURSES, DEMO_PASSWORD, DEMO_STAFF } from './modules/institution';
import { startSandbox, type SandboxOptions } from './server';

/**
 * `npm run sandbox -- --port 4010 [--tls] [--seed N] [--token-lifetime S] [--latency MS]
 *  [--error-rate R] [--rate-limit-rate R] [--drop-rate R] [--fault-seed N] [--daily-quota N]
 *  [--quota-reset-form F] [--quota-retry-after S|reset] [--bulk-covers C]
 *  [--ally-processing-ms MS] [--no-demo-data] [--plain-shapes]`
 */
const usage = `Usage: npm run sandbox -- [options]
  --port N               port on 127.0.0.1 (0 picks a free one; default 4010)
  --tls                  serve HTTPS with a generated self-signed certificate
  --seed N               demo data seed
  --token-lifetime S     access token lifetime in seconds (default 3600)
  --daily-quota N        the site's daily request quota, shared by every client of the app (default 10000)
  --quota-reset-form F   X-Rate-Limit-Reset as 'seconds' to go (default) or 'epoch' seconds of the reset
  --quota-retry-after S  Retry-After on the spent quota's 429: seconds, or 'reset' (until the reset);
                         none by default, as Learn's quotas page promises none
  --bulk-covers C        whom the attendance bulk status marks: 'course' (every member, instructors and
                         TAs included, as the Swagger says; default) or 'students' (the roll only)
  --latency MS           added latency per request
  --error-rate R         share of requests answered 500/502/503 (0..1)
  --rate-limit-rate R    share of requests answered 429 with Retry-After (0..1)
  --retry-after S        Retry-After seconds on injected 429s (default 1)
  --drop-rate R          share of requests applied, then the connection dropped (0..1)
  --drop-methods LIST    methods the drop applies to (default POST,PUT,PATCH,DELETE)
  --fault-seed N         seed of the fault draws
  --ally-processing-ms M time an Ally upload spends in each processing stage
  --no-demo-data         start empty
  --plain-shapes         vary nothing: no unknown fields, short day names, an open adaptive-release date left out
  --help                 this text`;

function num(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) {
    console.error(`--${name} must be a number, got '${value}'\n\n${usage}`);
    process.exit(2);
  }
  return n;
}

function oneOf<T extends string>(value: string | undefined, name: string, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    console.error(`--${name} must be one of ${allowed.join(', ')}, got '${value}'\n\n${usage}`);
    process.exit(2);
  }
  return value as T;
}

/** A few student user names from the seminar roster, so a developer can sign in as a student. */
function exampleStudents(sandbox: Awaited<ReturnType<typeof startSandbox>>): string {
  const { directory, settings } = sandbox.context();
  if (!settings.demoData) return 'none (started with --no-demo-data)';
  const seminar = directory.course(`courseId:${DEMO_COURSES.seminar}`);
  return directory
    .courseMemberships(seminar.id)
    .filter((m) => m.courseRoleId === 'Student')
    .slice(0, 3)
    .map((m) => directory.users.get(m.userId)?.userName)
    .join(', ')
    .concat(` and more (the roster of ${DEMO_COURSES.seminar})`);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '4010' },
        tls: { type: 'boolean', default: false },
        seed: { type: 'string' },
        'token-lifetime': { type: 'string' },
        'daily-quota': { type: 'string' },
        'quota-reset-form': { type: 'string' },
        'quota-retry-after': { type: 'string' },
        'bulk-covers': { type: 'string' },
        latency: { type: 'string' },
        'error-rate': { type: 'string' },
        'rate-limit-rate': { type: 'string' },
        'retry-after': { type: 'string' },
        'drop-rate': { type: 'string' },
        'drop-methods': { type: 'string' },
        'fault-seed': { type: 'string' },
        'ally-processing-ms': { type: 'string' },
        'no-demo-data': { type: 'boolean', default: false },
        'plain-shapes': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const faults = Object.fromEntries(
    Object.entries({
      latencyMs: num(values.latency, 'latency'),
      serverErrorRate: num(values['error-rate'], 'error-rate'),
      rateLimitRate: num(values['rate-limit-rate'], 'rate-limit-rate'),
      retryAfterSeconds: num(values['retry-after'], 'retry-after'),
      dropAfterApplyRate: num(values['drop-rate'], 'drop-rate'),
      dropMethods: values['drop-methods']?.split(',').map((m) => m.trim().toUpperCase()),
      seed: num(values['fault-seed'], 'fault-seed'),
    }).filter(([, v]) => v !== undefined),
  );
  const options: SandboxOptions = {
    port: num(values.port, 'port') ?? 4010,
    tls: values.tls,
    faults,
    demoData: !values['no-demo-data'],
    shapeVariety: !values['plain-shapes'],
  };
  const seed = num(values.seed, 'seed');
  if (seed !== undefined) options.seed = seed;
  const lifetime = num(values['token-lifetime'], 'token-lifetime');
  if (lifetime !== undefined) options.tokenLifetimeSeconds = lifetime;
  const quota = num(values['daily-quota'], 'daily-quota');
  if (quota !== undefined) options.dailyQuota = quota;
  const resetForm = oneOf(values['quota-reset-form'], 'quota-reset-form', ['seconds', 'epoch'] as const);
  if (resetForm !== undefined) options.quotaResetForm = resetForm;
  const retryAfter = values['quota-retry-after'];
  if (retryAfter !== undefined) options.quotaRetryAfter = retryAfter === 'reset' ? 'reset' : num(retryAfter, 'quota-retry-after');
  const bulkCovers = oneOf(values['bulk-covers'], 'bulk-covers', ['course', 'students'] as const);
  if (bulkCovers !== undefined) options.bulkCovers = bulkCovers;
  const allyMs = num(values['ally-processing-ms'], 'ally-processing-ms');
  if (allyMs !== undefined) options.allyProcessingMs = allyMs;

  const sandbox = await startSandbox(options);
  console.log(`Rollbook sandbox (Learn + Ally) is running.
  Learn:  ${sandbox.learnUrl}   (e.g. ${sandbox.learnUrl}/api/public/v1/oauth2/token)
  Ally:   ${sandbox.allyUrl}    (e.g. ${sandbox.allyUrl}/api/v2/clients/${DEMO_ALLY_CLIENT.clientId}/content)
  Control: ${sandbox.origin}/__sandbox/{reset,faults,clock,tokens/expire,tokens/refresh-values,oauth,ally,quota,attendance,roles,services,stats}
           with the header 'X-Sandbox-Control: ${sandbox.controlToken}' (this run's; a page of another site is refused)${sandbox.certPath ? `\n  TLS certificate: ${sandbox.certPath}` : ''}

Demo application (Learn REST):
  key:    ${DEMO_APP.key}
  secret: ${DEMO_APP.secret}
Demo users (password '${DEMO_PASSWORD}' for each):
  ${DEMO_STAFF.instructor.padEnd(12)} instructor of ${Object.values(DEMO_COURSES).join(', ')}
  ${DEMO_STAFF.ta.padEnd(12)} teaching assistant in ${DEMO_COURSES.lecture}, ${DEMO_COURSES.ultra}
  ${DEMO_STAFF.coInstructor.padEnd(12)} co-instructor of ${DEMO_COURSES.lecture}
  ${DEMO_STAFF.admin.padEnd(12)} system administrator
  students     ${exampleStudents(sandbox)}
Ally demo client: id ${DEMO_ALLY_CLIENT.clientId}, secret ${DEMO_ALLY_CLIENT.secret} (HS256 JWT {clientId, iat})
Press Ctrl+C to stop.`);

  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
