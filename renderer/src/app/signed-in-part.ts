/**
 * The part of the app behind a sign-in, in a chunk of its own (a quick start): the site
 * chooser paints and answers without parsing the local store, the screens and their libraries.
 * App.svelte fetches this as soon as a sign-in starts (or the host says someone is signed in), so
 * it loads while the host signs in, not before the first screen.
 *
 * zod-config comes first: the first screen builds no schema, everything behind the sign-in does
 * (vite.config.ts keeps it in zod's chunk, so it runs before any chunk that uses zod).
 */
import '../zod-config';
export { default as SignedInApp } from './SignedInApp.svelte';
export { IdentityStore } from './identity-store.svelte';
export { default as ConfirmHost } from '../ui/ConfirmHost.svelte';
export { readLearnEarly } from '../features/today/early-read';
export { storeFirstLists } from '../features/today/first-lists';
