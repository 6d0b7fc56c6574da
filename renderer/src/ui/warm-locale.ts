import { formatDate } from './locale-format';

/**
 * The first number or date a page formats loads the locale's formatting data: 25–125 ms of the
 * main thread in Chromium here (measured beside `bench/sections/startup.ts`). The signed-in
 * screens format both as they first paint (the status bar's count, Today's date and times), so
 * without this that cost lands between the sign-in click and the course list. App.svelte calls it
 * when the page is idle: on the sign-in screen once it is on (a person is reading it), or while a
 * returning user's store opens.
 */
let warmed = false;

export function warmLocale(): void {
  if (warmed) return;
  warmed = true;
  (0).toLocaleString(); // the status bar's count
  formatDate(0, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }); // Today's date
  formatDate(0, { hour: 'numeric', minute: '2-digit' }); // every meeting's time
}
