import { readFileSync } from 'node:fs';

/**
 * `tsx bench/trace-tasks.ts <trace.json> [from-ms] [to-ms]`: names where a page's main thread spent
 * its time in a Chromium trace (bench/browser/page-trace.ts writes them). Prints the page's longest
 * tasks, each with the kinds of work inside it (script evaluation, compilation, style, layout) and
 * the functions its CPU samples fell in, self time, longest first; times in ms since the trace's
 * first navigation (or its first event).
 */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
  id?: string;
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  parent?: number;
}

const [file, fromArg, toArg] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx bench/trace-tasks.ts <trace.json> [from-ms] [to-ms]');
const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);

// The page's main thread: the renderer main thread with the most tasks.
const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const count = (pid: number, tid: number): number => events.filter((e) => e.pid === pid && e.tid === tid && e.name === 'RunTask').length;
const main = mains.map((m) => ({ pid: m.pid, tid: m.tid, n: count(m.pid, m.tid) })).sort((a, b) => b.n - a.n)[0];
if (!main) throw new Error('no renderer main thread in this trace');
const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
const navigation = events.find((e) => e.pid === main.pid && e.name === 'navigationStart');
const zero = navigation?.ts ?? Math.min(...onMain.map((e) => e.ts));
const ms = (us: number): number => Math.round(us / 100) / 10;
const from = fromArg === undefined ? -Infinity : Number(fromArg) * 1000 + zero;
const to = toArg === undefined ? Infinity : Number(toArg) * 1000 + zero;

// CPU samples of the page's thread: each sample's time and its leaf function.
const nodes = new Map<number, ProfileNode>();
const samples: { ts: number; node: number }[] = [];
let sampleTime: number | undefined;
for (const e of events) {
  if (e.pid !== main.pid || e.name !== 'ProfileChunk') continue;
  const data = e.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
  for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
  const ids = data?.cpuProfile?.samples ?? [];
  const deltas = data?.timeDeltas ?? [];
  const start = events.find((p) => p.pid === e.pid && p.name === 'Profile' && p.id === e.id);
  sampleTime ??= (start?.args?.data as { startTime?: number } | undefined)?.startTime ?? e.ts;
  ids.forEach((id, i) => {
    sampleTime! += deltas[i] ?? 0;
    samples.push({ ts: sampleTime!, node: id });
  });
}
const where = (id: number): string => {
  const f = nodes.get(id)?.callFrame;
  if (!f) return '?';
  const url = f.url ? ` ${f.url.split('/').pop()}:${f.lineNumber + 1}` : '';
  return `${f.functionName || '(anonymous)'}${url}`;
};

// Top-level tasks only: Chromium nests ThreadControllerImpl::RunTask inside RunTask.
const tasks: TraceEvent[] = [];
for (const e of onMain.filter((t) => (t.name === 'RunTask' || t.name === 'ThreadControllerImpl::RunTask') && t.ts >= from && t.ts <= to).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)) {
  const last = tasks.at(-1);
  if (!last || e.ts >= last.ts + last.dur!) tasks.push(e);
}
const busy = tasks.reduce((s, t) => s + t.dur!, 0);
console.log(`main thread busy ${ms(busy)} ms in ${tasks.length} tasks between ${fromArg ?? 'start'} and ${toArg ?? 'end'} ms`);
for (const task of [...tasks].sort((a, b) => b.dur! - a.dur!).slice(0, 15)) {
  const end = task.ts + task.dur!;
  const inside = onMain.filter((e) => e !== task && !e.name.endsWith('RunTask') && e.ts >= task.ts && e.ts + e.dur! <= end && e.dur! > 0);
  const kinds = new Map<string, number>();
  for (const e of inside) {
    const label = e.name === 'EvaluateScript' || e.name === 'v8.compile' || e.name === 'v8.compileModule' || e.name === 'v8.evaluateModule'
      ? `${e.name} ${String((e.args?.data as { url?: string; fileName?: string } | undefined)?.url ?? (e.args?.data as { fileName?: string } | undefined)?.fileName ?? '').split('/').pop()}`
      : e.name;
    kinds.set(label, (kinds.get(label) ?? 0) + e.dur!);
  }
  const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
  const fns = new Map<string, number>();
  inTask.forEach((s, i) => {
    const next = inTask[i + 1]?.ts ?? end;
    fns.set(where(s.node), (fns.get(where(s.node)) ?? 0) + (next - s.ts));
  });
  const top = (m: Map<string, number>, n: number): string => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${k} ${ms(v)}`).join('; ');
  console.log(`\n${ms(task.ts - zero)} ms: task of ${ms(task.dur!)} ms`);
  console.log(`  work: ${top(kinds, 8)}`);
  if (fns.size) console.log(`  self: ${top(fns, 10)}`);
}
