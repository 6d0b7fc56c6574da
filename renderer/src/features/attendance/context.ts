import { getContext, setContext } from 'svelte';
import type { RollbookDb } from '../../db';
import type { Connectivity } from '../../ui/connectivity.svelte';
import type { Navigation } from './navigation.svelte';
import type { Session } from './session.svelte';
import type { SyncRunner } from './sync.svelte';

/** What every attendance screen needs, set once by App.svelte. */
export interface AttendanceContext {
  db: RollbookDb;
  session: Session;
  nav: Navigation;
  sync: SyncRunner;
  connectivity: Connectivity;
  /** Announces a short message politely (e.g. "Saved"), for screen reader users. */
  announce: (message: string) => void;
}

const KEY = Symbol('attendance');

export function setAttendanceContext(context: AttendanceContext): void {
  setContext(KEY, context);
}

export function getAttendanceContext(): AttendanceContext {
  const context = getContext<AttendanceContext | undefined>(KEY);
  if (!context) throw new Error('An attendance screen was used outside App.svelte');
  return context;
}
