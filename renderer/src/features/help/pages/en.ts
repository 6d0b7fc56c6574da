import type { HelpPage } from '../help-page';

/**
 * The Help pages in English: the source every other language translates, page by page and
 * paragraph by paragraph. Each fact is the app's behaviour as the code has it (the file behind it
 * is named beside the page), so change the page, here and in each language, when that behaviour
 * changes. A quoted name is the name the screen shows ("Sync now").
 */
const pages: readonly HelpPage[] = [
  {
    // features/attendance/send-hold.ts, app/waiting-words.ts: marks are saved at once and held until the roll call is finished.
    id: 'offline-roll',
    title: 'Taking roll offline',
    summary: 'Mark students with no connection; Rollbook sends the marks later.',
    sections: [
      {
        steps: [
          'While you are online, open Rollbook once and look at your courses: Rollbook keeps your courses, meetings and the students you have seen on this computer.',
          'In class, open the meeting from Today or from the course, even with no connection. The status bar says "Offline".',
          'Mark each student. Every mark is saved on this computer the moment you make it: nothing is lost if the connection or the app closes.',
          'When you are back online, Rollbook sends the marks to Learn by itself. The status bar counts down to "0 changes waiting".',
        ],
      },
      {
        heading: 'While you take roll',
        paragraphs: [
          'Rollbook holds the marks of a roll call until you finish it or leave it, so a student you change your mind about is sent once. Under the status bar it says how many marks are saved on this device and sent to Learn when you finish; "Send now" sends them sooner.',
        ],
      },
      {
        heading: 'Before you leave the computer',
        paragraphs: [
          'Marks that are still waiting stay on this computer, even if you sign out. Do not remove this computer’s data in Settings while changes are waiting: they would be lost.',
          'In a web browser, the browser may clear saved data when its disk space runs low. Settings shows whether this browser keeps Rollbook’s data, and can ask it to.',
        ],
      },
    ],
  },
  {
    // ui/SyncStatusBar.svelte, features/attendance/ConflictsPanel.svelte, features/attendance/retry-schedule.ts.
    id: 'sync-words',
    title: 'Waiting, to resolve and could not be sent',
    summary: 'What the words in the status bar mean and what to do about each.',
    sections: [
      {
        heading: 'Waiting',
        paragraphs: [
          '"3 changes waiting" means three things you did are saved on this computer but are not in Learn yet. You do not need to do anything: Rollbook sends them as soon as Learn can take them.',
          'Online, they usually go within seconds; "Sync now" sends them at once. Offline, they go when the connection is back. "Learn asked to wait until …" or "Requests used up until …" means Rollbook pauses until that time, and "Learn not answering" or "Learn has a problem" that it tries again by itself: the note under the status bar says when.',
        ],
      },
      {
        heading: 'To resolve (a conflict)',
        paragraphs: [
          '"1 to resolve" means someone changed the same student’s attendance in Learn after this computer last read it, so Learn and you disagree. Rollbook never picks for you.',
        ],
        steps: [
          'Read the list "Changed in Learn since you took roll": it shows the student, the meeting, your status and Learn’s.',
          'Choose "Keep mine" to send your status to Learn, or "Keep Learn’s" to drop your change.',
        ],
      },
      {
        heading: 'Could not be sent (failed)',
        paragraphs: [
          '"1 change could not be sent" means Learn did not take a change. The list under the status bar names the student and meeting and says why. Your change is still saved on this computer.',
          'If Learn was not answering or was busy, Rollbook tries again by itself, waiting a little longer each time (up to half an hour). "Retry" tries at once.',
          'If Learn refused the change itself (for example, the student has left the course or the meeting was deleted in Learn), trying again will not help: check the course in Learn, then mark the student again.',
        ],
      },
    ],
  },
  {
    // features/attendance-csv/CsvImportScreen.svelte, features/attendance-csv/ImportPreview.svelte, features/attendance-csv/PastImports.svelte.
    id: 'import',
    title: 'Importing attendance from Learn or Excel',
    summary: 'Bring a spreadsheet of attendance into a course, check it, then send it.',
    sections: [
      {
        paragraphs: [
          'Rollbook reads a file saved from Excel or Google Sheets as CSV or text, or the .xls file Learn’s Grade Center download gives you. The file can be a grid (one row per student, one column per meeting) or a list (one row per student and meeting).',
        ],
        steps: [
          'Open the course, then "Import CSV". Choose the file.',
          'Check which column holds the students and which hold the meetings. Columns titled with a date are matched to the course’s meetings.',
          'Read the preview: it shows what will change, students it could not find, and meetings the course does not have yet. Tick the meetings you want created; rows for the others are left out.',
          'Confirm. The import is saved on this computer and sent to Learn with the next sync.',
        ],
      },
      {
        heading: 'If something looks wrong',
        paragraphs: [
          '"Undo this import" under "Past imports", on the same screen, takes the whole import back. Changes already in Learn get their earlier status back.',
          'If the letters look garbled, choose another text encoding or separator on the "Which columns mean what" step and Rollbook reads the file again.',
          'Offline, the preview compares the file with the copy on this computer, not with Learn; the sync tells you if Learn differs.',
        ],
      },
    ],
  },
  {
    // app/budget-words.ts, electron/core/http/site-budget.ts (reserve 5 %), features/attendance-csv/ImportRequestPlan.svelte.
    id: 'request-budget',
    title: 'The site’s Learn requests for today',
    summary: 'What "about 7,400 of the site’s 10,000 Learn requests are left" means.',
    sections: [
      {
        paragraphs: [
          'Your institution’s Learn site allows a fixed number of requests from Rollbook each day (often 10,000). Every instructor who uses Rollbook at your institution shares that number, so Rollbook asks Learn for as little as it can.',
          'Settings shows roughly how many are left and when the count starts again. The figure comes from Learn’s own answers, so it is "about": other instructors use it too.',
        ],
      },
      {
        heading: 'When few are left',
        paragraphs: [
          'Below about 5 % left, Rollbook stops reading things in the background and sends only your own changes and what you open.',
          'At 0, Rollbook sends nothing to Learn until the count starts again. The status bar says until when. Your marks and changes stay on this computer and go after that time: nothing is lost.',
        ],
      },
      {
        heading: 'Large imports',
        paragraphs: [
          'Before a large import, the preview says how many requests it will take. If that is more than is left, it offers to send it over several days, oldest meetings first.',
        ],
      },
    ],
  },
  {
    // db/photo-cache.ts, features/attendance/photo-book.svelte.ts, features/attendance/RollSheet.svelte, features/settings/preferences.ts.
    id: 'photos',
    title: 'Students’ photos and privacy',
    summary: 'Where photos come from, where they are kept, and how to turn them off.',
    sections: [
      {
        paragraphs: [
          'The photos in the roll call are the students’ own Learn profile pictures. Rollbook reads them from Learn while you are online and keeps them on this computer, so the roll call shows them offline too. A photo is read again only when the student changes it in Learn (on older Learn releases, once a week).',
          'They are kept with your other Rollbook data for this site and this user: another person who signs in to Rollbook on this computer does not see them.',
          'While photos are on, the roll sheet to print shows them too: keep printed sheets as you would a printed roster.',
        ],
      },
      {
        heading: 'Turning photos off',
        paragraphs: [
          'Switch off "Show students’ photos" in Settings, or "Show photos" in the roll call. Students are then shown by their initials and Rollbook stops reading photos from Learn.',
          'Photos already on this computer stay until you remove this computer’s data in Settings.',
        ],
      },
    ],
  },
  {
    // app/SignOutDialog.svelte, electron/core/auth/learn-session.ts, features/settings/SettingsScreen.svelte.
    id: 'sign-out',
    title: 'Signing out on a shared computer',
    summary: 'What signing out keeps, and how to leave nothing behind.',
    sections: [
      {
        paragraphs: [
          'Signing out forgets your Learn sign-in, so nobody can use Rollbook as you. It does not delete your courses, rosters, photos or changes still waiting: they stay on this computer for your next sign-in, when the waiting changes are sent.',
        ],
      },
      {
        heading: 'On a computer others use',
        steps: [
          'Make sure the status bar says "0 changes waiting". If not, choose "Sync now", or "Sync first" when you sign out.',
          'In Settings, under "Data on this device", choose "Remove this device\'s data" beside your name. Rollbook signs you out and removes your courses, rosters and photos from this computer.',
        ],
      },
      {
        paragraphs: ['Removing never changes anything in Learn. Changes that were not sent are lost, and Settings says how many before you confirm.'],
      },
    ],
  },
];

export default pages;
