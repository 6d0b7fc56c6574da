import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_COURSES } from '../../sandbox/modules/institution';

/**
 * The start-up benchmark's floor: the least a first launch must do, served by a process of its own
 * as the app's host is. Its page has the same two buttons the benchmark watches ("Sign in to the
 * demo", then the course list), and between them the same physical steps as the app: one navigation
 * in a new browser profile, a paint, IPC round trips to a host that asks "Learn" over loopback (a
 * token and the user, the course list, each course's meetings side by side), a new IndexedDB store of
 * as many tables as the app's, Learn's answers written in one transaction and read back in another,
 * and the list drawn. Nothing else: no framework, no script file, no sealing, no catalogue. Printed
 * once listening: `ROLLBOOK_URL <address>`, as the app's bench host does.
 */
const TABLES = 14;
const COURSES = [DEMO_COURSES.lecture, DEMO_COURSES.seminar, DEMO_COURSES.ultra, DEMO_COURSES.classic];

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Start-up floor</title></head>
<body><main><h1>Where do you work?</h1><button type="button" id="demo">Sign in to the demo</button></main>
<script type="module">
const ipc = (channel, body = {}) => fetch('/ipc/' + channel, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());
const done = (request) => new Promise((resolve, reject) => { request.onsuccess = () => resolve(request.result); request.onerror = () => reject(request.error); });
const ended = (tx) => new Promise((resolve, reject) => { tx.oncomplete = () => resolve(); tx.onerror = () => reject(tx.error); });
document.getElementById('demo').addEventListener('click', async () => {
  const user = await ipc('signIn');
  const opening = indexedDB.open('floor-' + user.id, 1);
  opening.onupgradeneeded = () => { for (let i = 0; i < ${TABLES}; i++) opening.result.createObjectStore('t' + i, { keyPath: 'id' }); };
  const [db, courses] = await Promise.all([done(opening), ipc('courses')]);
  const meetings = await Promise.all(courses.map((c) => ipc('meetings', { course: c.id })));
  const write = db.transaction(['t0', 't1'], 'readwrite');
  for (const c of courses) write.objectStore('t0').put(c);
  for (const m of meetings.flat()) write.objectStore('t1').put(m);
  await ended(write);
  const read = db.transaction(['t0', 't1']);
  const [stored, held] = await Promise.all([done(read.objectStore('t0').getAll()), done(read.objectStore('t1').getAll())]);
  const list = document.createElement('ul');
  list.className = 'courses';
  for (const c of stored) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = c.name + ' (' + held.filter((m) => m.courseId === c.id).length + ' meetings)';
    item.append(button);
    list.append(item);
  }
  document.querySelector('main').replaceChildren(list);
});
</script></body></html>`;

/** What the stand-in for Learn answers, by path. */
function learn(path: string): unknown {
  if (path === '/learn/token') return { access_token: 'floor', token_type: 'bearer', expires_in: 3600 };
  if (path === '/learn/me') return { id: 'floor-user', name: { given: 'Floor', family: 'Instructor' } };
  if (path === '/learn/courses') return COURSES.map((id) => ({ id, name: id }));
  const course = /^\/learn\/meetings\/(.+)$/.exec(path)?.[1];
  if (course) return Array.from({ length: 12 }, (_, i) => ({ id: `${course}-${i}`, courseId: course, start: new Date(2026, 8, 1 + 7 * i).toISOString() }));
  return undefined;
}

const server = createServer((req, res) => void answer(req, res));
const json = (res: ServerResponse, body: unknown): void => {
  res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? null));
};
/** One hop over loopback to the stand-in for Learn, as the app's host asks the sandbox. */
const ask = async (path: string): Promise<unknown> => {
  const { port } = server.address() as AddressInfo;
  return (await fetch(`http://127.0.0.1:${port}${path}`)).json();
};

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://floor').pathname;
  const body = await new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });
  if (path === '/') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  if (path.startsWith('/learn/')) return json(res, learn(path));
  if (path === '/ipc/signIn') {
    await ask('/learn/token');
    return json(res, { id: ((await ask('/learn/me')) as { id: string }).id });
  }
  if (path === '/ipc/courses') return json(res, await ask('/learn/courses'));
  if (path === '/ipc/meetings') return json(res, await ask(`/learn/meetings/${encodeURIComponent((JSON.parse(body) as { course: string }).course)}`));
  json(res, undefined);
}

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`ROLLBOOK_URL http://127.0.0.1:${port}/\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
