import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, placeWindow, readWindowState, saveWindowState } from '../../electron/host/window-state';

const laptop = { x: 0, y: 0, width: 1440, height: 860 };
const secondScreen = { x: 1440, y: 0, width: 2560, height: 1400 };

describe('where the window opens', () => {
  it('opens at its default size the first time', () => {
    expect(placeWindow(undefined, [laptop])).toEqual({ ...DEFAULT_SIZE, maximized: false });
  });

  it('opens where it was closed, on the display it was on', () => {
    expect(placeWindow({ x: 1600, y: 100, width: 1400, height: 900, maximized: false }, [laptop, secondScreen])).toEqual({ x: 1600, y: 100, width: 1400, height: 900, maximized: false });
  });

  it('comes back onto the laptop, whole and centred, when the second screen it was on is gone', () => {
    const placed = placeWindow({ x: 1600, y: 100, width: 1400, height: 900, maximized: true }, [laptop]);
    expect(placed).toEqual({ x: 20, y: 0, width: 1400, height: 860, maximized: true });
  });

  it('is pulled inside a display it hangs off, so its title bar can be grabbed', () => {
    const placed = placeWindow({ x: 1200, y: -300, width: 800, height: 600, maximized: false }, [laptop]);
    expect(placed).toMatchObject({ width: 800, height: 600 });
    expect(placed.x! + placed.width).toBeLessThanOrEqual(laptop.width);
    expect(placed.y).toBeGreaterThanOrEqual(0);
  });

  it('shrinks to a display smaller than the kept size, never below what the display allows', () => {
    expect(placeWindow({ x: 0, y: 0, width: 3000, height: 2000, maximized: false }, [{ x: 0, y: 0, width: 1024, height: 600 }])).toEqual({ x: 0, y: 0, width: 1024, height: 600, maximized: false });
  });
});

describe('the kept file', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'rollbook-window-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reads back what was saved', async () => {
    await saveWindowState(dir, { x: 10, y: 20, width: 900, height: 700, maximized: true });
    expect(await readWindowState(dir)).toEqual({ x: 10, y: 20, width: 900, height: 700, maximized: true });
    expect(JSON.parse(await readFile(join(dir, 'window-state.json'), 'utf8'))).toEqual({ x: 10, y: 20, width: 900, height: 700, maximized: true });
  });

  it.each([['not JSON', '{"x": 1,'], ['a wrong shape', '{"x": "left", "y": 0, "width": 900, "height": 700, "maximized": false}'], ['absurd sizes', '{"x": 0, "y": 0, "width": -5, "height": 1e9, "maximized": false}']])(
    'is ignored when it is %s: the window opens at its defaults',
    async (_what, text) => {
      await writeFile(join(dir, 'window-state.json'), text);
      const kept = await readWindowState(dir);
      expect(kept).toBeUndefined();
      expect(placeWindow(kept, [laptop])).toEqual({ ...DEFAULT_SIZE, maximized: false });
    },
  );
});
