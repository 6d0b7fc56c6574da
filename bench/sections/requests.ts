import { figure, type RequestsFigure } from '../requests/floor';
import { add, type Counted } from '../requests/counter';
import { IMPORT_MEETINGS, importSync, MIXES } from '../requests/imports';
import { instructorDay, type Step } from '../requests/instructor-day';
import type { BenchFigure, BenchSection } from './types';

/**
 * Requests to Learn, each scenario beside the API's floor computed independently of the engine
 * (bench/requests/floor.ts states every rule and its source): an instructor's day in browser mode
 * (bench/requests/instructor-day.ts) and a term's import synced by the real core
 * (bench/requests/imports.ts). `requests` counts Learn REST calls at the sandbox; photos (avatar
 * calls and their files) and Ally's calls are kept beside, outside the floor (floor.ts, R6, R12).
 * Goals (the issue): each within 1.1x its floor, the mixed import within one day's default quota,
 * the day at most 100 requests.
 */
const DEFAULT_QUOTA = 10_000;
const TARGET = '<= 1.10';

type Scenario = RequestsFigure & { photos: number; ally: number; byRoute: Record<string, number>; floorIfCoverageKnown?: number; note?: string };

const scenario = (counted: Counted, floor: number, extra: Partial<Scenario> = {}): Scenario => ({
  ...figure(counted.learn, floor),
  photos: counted.photos,
  ally: counted.ally,
  byRoute: counted.byRoute,
  ...extra,
});

const fromStep = (step: Step): Scenario =>
  scenario(step.requests, step.floor, {
    ...(step.floorIfCoverageKnown ? { floorIfCoverageKnown: step.floorIfCoverageKnown } : {}),
    ...(step.note ? { note: step.note } : {}),
  });

export const requestsSection: BenchSection = async (log) => {
  const day = await instructorDay(log);
  const realistic = await importSync('realistic');
  log(`requests: realistic import ${realistic.requests.learn} (floor ${realistic.floor}) in ${realistic.pushes} pushes, Learn ${realistic.exact ? 'exact' : 'NOT exact'}`);
  const mixed = await importSync('mixed');
  log(`requests: mixed import ${mixed.requests.learn} (floor ${mixed.floor}) in ${mixed.pushes} pushes, Learn ${mixed.exact ? 'exact' : 'NOT exact'}`);
  if (!realistic.exact || !mixed.exact) throw new Error('an import left Learn different from the file');

  const dayParts = [day.firstLaunch, day.rollCallOffline, day.rollCallOnline, day.report, day.allyOverview, day.idleHours];
  const dayCounted = dayParts.map((s) => s.requests).reduce(add);
  const dayFloor = dayParts.reduce((n, s) => n + s.floor, 0);
  const requests: Record<string, unknown> = {
    firstLaunch: fromStep(day.firstLaunch),
    laterLaunch: fromStep(day.laterLaunch),
    rollCallOffline: fromStep(day.rollCallOffline),
    rollCallOnline: fromStep(day.rollCallOnline),
    importRealistic: scenario(realistic.requests, realistic.floor, { floorIfCoverageKnown: realistic.floorIfCoverageKnown, note: `${IMPORT_MEETINGS} meetings x 300, ${JSON.stringify(MIXES.realistic)} %, ${realistic.pushes} pushes` }),
    importMixed: scenario(mixed.requests, mixed.floor, { floorIfCoverageKnown: mixed.floorIfCoverageKnown, note: `${IMPORT_MEETINGS} meetings x 300, ${JSON.stringify(MIXES.mixed)} %, ${mixed.pushes} pushes; ${mixed.requests.learn <= DEFAULT_QUOTA ? 'within' : 'over'} one day's default quota` }),
    idleHourOneFailing: fromStep(day.idleHourOneFailing),
    instructorDay: scenario(dayCounted, dayFloor, {
      note: `first launch, offline and online roll calls, report, Ally overview, ${day.idleHours.hours} idle hours`,
    }),
    instructorDayParts: { report: fromStep(day.report), allyOverview: fromStep(day.allyOverview), idleHours: fromStep(day.idleHours) },
    instructorsPerDefaultQuota: Math.floor(DEFAULT_QUOTA / Math.max(1, dayCounted.learn)),
    defaultQuota: DEFAULT_QUOTA,
    counting:
      'requests: Learn REST calls answered by the sandbox (GET /__sandbox/stats by route) from the step\'s first click until 1.5 s without a request, less the sign-in page and avatar calls; photos: avatar calls and their signed files; ally: Ally API calls. floor: bench/requests/floor.ts (rules R1-R13 and their sources; R9b counts one check read of a meeting after each bulk, whose coverage Learn does not document; floorIfCoverageKnown leaves it out). ratio: requests / floor (null where the floor is 0 and requests are not).',
    clock:
      'idle hours and the failing op\'s hour run on Playwright\'s page clock (context.clock.pauseAt, then runFor(60 s) a minute at a time, each minute given real time for its requests): the renderer\'s timers run at 60x or more; the host\'s own (Node) timers are not sped up. The later launch is the page reloaded with its clock a day ahead.',
  };
  const row = (key: string, label: string): BenchFigure => {
    const s = requests[key] as Scenario;
    return { label: `requests: ${label}`, value: s.requests, unit: 'req', baseline: { label: 'API floor', value: s.floor, unit: 'req' }, ratio: s.ratio, target: TARGET };
  };
  const figures: BenchFigure[] = [
    row('firstLaunch', 'first launch (6 current + 24 past courses of 300)'),
    row('laterLaunch', 'later launch, the next day'),
    row('rollCallOffline', 'roll call of 300 offline, 20 absent, then "mark everyone"'),
    row('rollCallOnline', 'the same online, marks held until the roll is finished'),
    row('importRealistic', `import ${IMPORT_MEETINGS} x 300, 88/7/3/2 %`),
    row('importMixed', `import ${IMPORT_MEETINGS} x 300, 40/25/20/15 %`),
    row('idleHourOneFailing', 'an hour open with one op Learn refuses'),
    { ...row('instructorDay', "an instructor's day"), target: '<= 1.10 and <= 100 req' },
    { label: 'requests: instructors a day within the default quota (10,000 / the day)', value: requests.instructorsPerDefaultQuota as number, unit: 'instructors', target: '>= 100' },
  ];
  return { figures, json: requests };
};
