import { getContext, setContext } from 'svelte';
import type { RollbookDb } from '../db';
import type { Connectivity } from '../ui/connectivity.svelte';
import type { Session } from '../features/attendance/session.svelte';
import type { SyncRunner } from '../features/attendance/sync.svelte';
import type { Navigation } from './navigation.svelte';
import type { LiveBudget } from './request-budget.svelte';

/** What every screen of the signed-in app needs, set once by SignedInApp.svelte. */
export interface AppContext {
  db: RollbookDb;
  /** Whose store `db` is. */
  identityKey: string;
  session: Session;
  nav: Navigation;
  sync: SyncRunner;
  connectivity: Connectivity;
  /** The site's Learn request budget, live. */
  budget: LiveBudget;
  /** Confirms what was done in a visible note (a toast), read out politely by screen readers. */
  announce: (message: string) => void;
  /** Read out only: for a change the screen already shows where it was made (a roll call row's status). */
  announceQuietly: (message: string) => void;
  /** Removes this device's data of an identity (the open one: closes it and signs out first). */
  removeData: (identityKey: string) => Promise<void>;
  /** Opens the sign-out dialog (it lists what still waits and offers to sync first). */
  askSignOut: () => void;
}

const KEY = Symbol('rollbook-app');

export function setAppContext(context: AppContext): void {
  setContext(KEY, context);
}

export function getAppContext(): AppContext {
  const context = getContext<AppContext | undefined>(KEY);
  if (!context) throw new Error('A Rollbook screen was used outside SignedInApp.svelte');
  return context;
}
