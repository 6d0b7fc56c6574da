import { DEMO_APP } from './core/context';
import { DEMO_PASSWORD, DEMO_STAFF } from './modules/institution';
import type { RunningSandbox } from './running-sandbox';

/**
 * What demo mode needs to sign in to a running sandbox as the demo instructor: its addresses, the
 * demo application's key and secret, and the instructor's login. The hosts pass this to their
 * sign-in setup (electron/host/host-sign-in.ts, `DemoSignIn`), so the values live in one place.
 */
export function demoSignIn(sandbox: Pick<RunningSandbox, 'origin' | 'learnUrl'>): {
  sandboxOrigin: string;
  learnUrl: string;
  applicationKey: string;
  applicationSecret: string;
  userName: string;
  password: string;
} {
  return {
    sandboxOrigin: sandbox.origin,
    learnUrl: sandbox.learnUrl,
    applicationKey: DEMO_APP.key,
    applicationSecret: DEMO_APP.secret,
    userName: DEMO_STAFF.instructor,
    password: DEMO_PASSWORD,
  };
}
