import type { StoredContent } from './store';
import type { DemoTree } from './demo-builder';
import { weekDue, weekStart } from './demo-builder';
import {
  IMPORTED_NOTES_BODY,
  assignmentInstructions,
  bbml,
  discussionBody,
  notesBody,
  overviewBody,
  paragraph,
  practiceBody,
  welcomeBody,
} from './demo-bodies';

/**
 * PSYC-101-F26, the 300-student Ultra lecture: Start Here, fourteen weekly folders with a quiz
 * each, two essays, a bonus item and an extra-credit folder (adaptive release demo), a final
 * review folder the instructor has not released, and weeks 13–14 opening on their dates. Over a
 * hundred items, so a recursive listing pages.
 */

const TOPICS = [
  'What Is Psychology?',
  'Research Methods',
  'Biopsychology',
  'States of Consciousness',
  'Sensation and Perception',
  'Learning',
  'Memory',
  'Thinking and Intelligence',
  'Lifespan Development',
  'Emotion and Motivation',
  'Personality',
  'Social Psychology',
  'Psychological Disorders',
  'Therapy and Treatment',
];

const PROMPTS = [
  'Which everyday belief about the mind would you most like to test, and how?',
  'Find a news story that reports a study. Was it correlational or experimental?',
  'What surprised you most about how neurons communicate?',
  'Keep a sleep diary for three nights. What pattern do you see?',
];

/** Returns the week folders by title ('Week 1'...) so demo files can be placed in them. */
export function buildLectureContent(tree: DemoTree): Map<string, StoredContent> {
  const folders = new Map<string, StoredContent>();
  const start = tree.folder(undefined, 'Start Here', { description: 'Read this first: syllabus, how the course works, where to get help.' });
  folders.set('Start Here', start);
  tree.page(start, 'Welcome to PSYC 101', welcomeBody('Introduction to Psychology', 'Dr. Maya Okafor'));
  tree.document(start, 'How to get help', bbml(paragraph('Office hours: Mondays 14:00–16:00, Room 2.14, or online by appointment.', 'Tutoring: the Learning Centre runs drop-in sessions for PSYC 101 every Tuesday.')));
  tree.link(start, 'Course calendar (Northfield)', 'https://calendar.northfield.example.edu/courses/psyc-101-f26');
  tree.document(start, 'Academic integrity pledge', bbml(paragraph('Read the pledge and mark it reviewed. It is a condition for taking Quiz 1.')), { reviewable: true });

  for (let week = 1; week <= TOPICS.length; week++) {
    const topic = TOPICS[week - 1] as string;
    // Weeks 13 and 14 open on their start dates; everything else is already released.
    const folder = tree.folder(undefined, `Week ${week}`, { description: topic, ...(week >= 13 ? { start: weekStart(week) } : {}) });
    folders.set(`Week ${week}`, folder);
    tree.document(folder, `Week ${week} overview`, overviewBody(week, topic));
    tree.link(folder, `Reading: ${topic} (OpenStax Psychology 2e)`, `https://openstax.org/books/psychology-2e/pages/${week}-introduction`);
    // The week-12 notes are still a draft the instructor has not released.
    tree.document(folder, `Lecture notes: ${topic}`, notesBody(topic), week === 12 ? { available: 'No' } : {});
    tree.document(folder, `Practice questions: ${topic}`, practiceBody(topic), { reviewable: true });
    tree.document(folder, `Discussion: week ${week}`, discussionBody(PROMPTS[(week - 1) % PROMPTS.length] as string));
    if (week <= 13) {
      tree.ultraAssessment(folder, `Quiz ${week}`, 10, bbml(paragraph(`Ten questions on ${topic.toLowerCase()}. One attempt, 20 minutes.`)), { due: weekDue(week) });
    }
    if (week === 3) {
      tree.document(folder, 'Imported notes (from previous LMS)', IMPORTED_NOTES_BODY);
    }
    if (week === 4 || week === 9) {
      const n = week === 4 ? 1 : 2;
      tree.ultraAssessment(folder, `Essay ${n}`, 100, assignmentInstructions(`Write a short essay applying this week's ideas to an experience of your own.`, n === 1 ? 800 : 1200), {
        due: weekDue(week + 1),
        description: `Essay ${n}: ${n === 1 ? 800 : 1200} words, due the Friday after next.`,
      });
    }
    if (week === 5) {
      tree.document(folder, 'Answer key: Quiz 5', bbml(paragraph('1 b, 2 d, 3 a, 4 a, 5 c, 6 b, 7 d, 8 c, 9 a, 10 b')), { available: 'No' });
      // Released by an adaptive-release rule on the Quiz 5 column (adaptive-release demo).
      tree.document(folder, 'Bonus: memory techniques', bbml(paragraph('Well done on Quiz 5. Here are three techniques that helped past students.')));
    }
  }

  const extra = tree.folder(undefined, 'Extra credit: research participation', {
    description: 'For students in lab sections 1 and 2 (adaptive release).',
    available: 'PartiallyVisible',
  });
  tree.document(extra, 'How to sign up for a study', bbml(paragraph('Sign up on the participant pool site with your Northfield email. Each study hour earns one point.')));
  tree.link(extra, 'Participant pool', 'https://research.northfield.example.edu/pool');

  const review = tree.folder(undefined, 'Final exam review', { description: 'Released in the last week of term.', available: 'No' });
  tree.document(review, 'What the final covers', bbml(paragraph('Chapters 1–14; weighted towards weeks 8–14.')));
  tree.document(review, 'Practice exam', practiceBody('the whole course'), { reviewable: true });
  tree.link(review, 'Review session recording', 'https://video.northfield.example.edu/psyc101/review');
  return folders;
}
