import type { StoredContent } from './store';
import type { DemoTree } from './demo-builder';
import { weekDue, weekStart } from './demo-builder';
import { assignmentInstructions, bbml, discussionBody, notesBody, paragraph, practiceBody, welcomeBody } from './demo-bodies';

/**
 * Demo trees of the smaller courses. Classic courses keep content in top-level content areas
 * (folders without a parent); Ultra courses under ROOT. Each returns its folders by title so the
 * demo files (sandbox/demo/files.ts) can be placed in them.
 */

type Folders = Map<string, StoredContent>;

/** HIST-310-F26: Classic seminar with a Guest auditor, so some areas are closed to guests. */
export function buildSeminarContent(tree: DemoTree): Folders {
  const folders: Folders = new Map();
  const info = tree.folder(undefined, 'Information');
  tree.document(info, 'Syllabus', welcomeBody('The Atlantic World, 1492–1830', 'Dr. Maya Okafor'));
  tree.document(info, 'Seminar expectations', bbml(paragraph('Come having read everything on the list. Bring one question and one passage you want to discuss.')));
  const readings = tree.folder(undefined, 'Readings');
  folders.set('Readings', readings);
  tree.link(readings, 'Slave Voyages database', 'https://www.slavevoyages.org/');
  tree.link(readings, 'JSTOR reading list', 'https://www.jstor.org/');
  const seminars = tree.folder(undefined, 'Weekly Seminars');
  for (let week = 1; week <= 8; week++) {
    const folder = tree.folder(seminars, `Week ${week}`, week >= 7 ? { available: 'No' } : {});
    tree.document(folder, 'Discussion questions', discussionBody(`Seminar ${week}: which source in this week's reading do you trust least, and why?`));
  }
  // Graded work is not for the guest auditor.
  const assignments = tree.folder(undefined, 'Assignments', { allowGuests: false });
  tree.classicAssignment(assignments, 'Response paper 1', 20, assignmentInstructions('Respond to one primary source from weeks 1–3.', 1000), { due: weekDue(4) });
  tree.classicAssignment(assignments, 'Response paper 2', 20, assignmentInstructions('Respond to one primary source from weeks 4–6.', 1000), { due: weekDue(7) });
  tree.classicAssignment(assignments, 'Research proposal', 50, assignmentInstructions('Propose a research question and list your sources.', 1500), { due: weekDue(9) });
  tree.classicAssignment(assignments, 'Final paper', 100, assignmentInstructions('Write up your research.', 5000), { due: weekDue(15), available: 'No' });
  const presentations = tree.folder(undefined, 'Presentations');
  tree.document(presentations, 'Presentation schedule', bbml(paragraph('Week 1: four presenters (see the group list). Weeks 2–8: two presenters each.')));
  // Released to the week-1 presenters only (adaptive-release demo: Memberships).
  tree.document(presentations, 'Presenter briefing pack', bbml(paragraph('How to run the first seminar: timing, handouts and the discussion plan.')));
  return folders;
}

/** CHEM-105-F26: Classic lab course; Lab 2 opens once the safety quiz is graded. */
export function buildChemistryContent(tree: DemoTree): Folders {
  const folders: Folders = new Map();
  const info = tree.folder(undefined, 'Course Information');
  tree.document(info, 'Syllabus', welcomeBody('General Chemistry Lab', 'Dr. Maya Okafor'));
  tree.document(info, 'Lab schedule', bbml(paragraph('Labs run Tuesdays 13:00–16:00 in Science Building 104.')));
  tree.document(info, 'Safety contract', bbml(paragraph('Read and mark reviewed before your first lab.')), { reviewable: true });
  const manual = tree.folder(undefined, 'Lab Manual');
  folders.set('Lab Manual', manual);
  tree.document(manual, 'Lab 1: Measurement and uncertainty', notesBody('Measurement'));
  // Adaptive-release demo: GradeCompleted on the safety quiz, and a date criterion.
  const lab2 = tree.folder(manual, 'Lab 2: Titration');
  tree.document(lab2, 'Pre-lab questions', practiceBody('Titration'));
  const lab3 = tree.folder(manual, 'Lab 3: Spectroscopy');
  tree.document(lab3, 'Pre-lab questions', practiceBody('Spectroscopy'));
  const reports = tree.folder(undefined, 'Lab Reports');
  tree.classicAssignment(reports, 'Safety quiz', 10, bbml(paragraph('Ten questions on the lab safety rules. Pass it before Lab 2.')), { due: weekDue(1) });
  tree.classicAssignment(reports, 'Lab report 1', 25, assignmentInstructions('Report your measurements with uncertainties.', 600), { due: weekDue(3) });
  tree.classicAssignment(reports, 'Lab report 2', 25, assignmentInstructions('Report the titration and your calculated concentration.', 800), { due: weekDue(6) });
  tree.classicAssignment(reports, 'Lab report 3', 25, assignmentInstructions('Report the absorbance spectrum.', 800), { due: weekDue(10), available: 'No' });
  const links = tree.folder(undefined, 'External Resources');
  tree.link(links, 'PubChem', 'https://pubchem.ncbi.nlm.nih.gov/');
  return folders;
}

/** BIOL-220-F26: Ultra course; Unit 3 opens on a Quiz 2 score, Lab pairs by group membership. */
export function buildBiologyContent(tree: DemoTree): Folders {
  const folders: Folders = new Map();
  const start = tree.folder(undefined, 'Start Here');
  tree.page(start, 'Welcome to Cell Biology', welcomeBody('Cell Biology', 'Dr. Maya Okafor'));
  const unit1 = tree.folder(undefined, 'Unit 1: Membranes', { description: 'Structure and transport.' });
  folders.set('Unit 1: Membranes', unit1);
  tree.page(unit1, 'Membrane transport notes', notesBody('Membrane transport'));
  tree.link(unit1, 'Reading: OpenStax Biology 2e, ch. 5', 'https://openstax.org/books/biology-2e/pages/5-introduction');
  tree.ultraAssessment(unit1, 'Quiz 1', 20, bbml(paragraph('Twenty questions on membranes.')), { due: weekDue(3) });
  const unit2 = tree.folder(undefined, 'Unit 2: Cell Division', { description: 'Mitosis, meiosis and the cell cycle.' });
  folders.set('Unit 2: Cell Division', unit2);
  tree.link(unit2, 'Video: mitosis in real time', 'https://video.northfield.example.edu/biol220/mitosis');
  tree.ultraAssessment(unit2, 'Quiz 2', 20, bbml(paragraph('Twenty questions on the cell cycle.')), { due: weekDue(6) });
  tree.ultraAssessment(unit2, 'Lab report 1', 50, assignmentInstructions('Report your onion-root-tip mitosis counts.', 1000), { due: weekDue(7) });
  const unit3 = tree.folder(undefined, 'Unit 3: Genetics', { description: 'Opens when you score 70% or more on Quiz 2.' });
  tree.page(unit3, 'Mendelian genetics notes', notesBody('Mendelian genetics'));
  tree.document(unit3, 'Practice: Punnett squares', practiceBody('Punnett squares'), { reviewable: true });
  const pairs = tree.folder(undefined, 'Lab pairs');
  folders.set('Lab pairs', pairs);
  tree.document(pairs, 'Lab pair worksheets', bbml(paragraph('Worksheets for the paired microscopy labs.')));
  const unit4 = tree.folder(undefined, 'Unit 4: Metabolism', { available: 'No', start: weekStart(14) });
  tree.document(unit4, 'Unit 4 overview', notesBody('Metabolism'));
  return folders;
}

/** BIOL-220-F26-X: the cross-listed child keeps a little content of its own. */
export function buildChildCourseContent(tree: DemoTree): Folders {
  const cohort = tree.folder(undefined, 'Nursing cohort');
  tree.document(cohort, 'Welcome, nursing students', bbml(paragraph('You share lectures with BIOL-220; this area holds your clinical placement notes.')));
  return new Map();
}

/** ORG-TLC: an organization, with the small storage quota organizations get. */
export function buildOrganizationContent(tree: DemoTree): Folders {
  const resources = tree.folder(undefined, 'Resources');
  tree.document(resources, 'Teaching with Ultra: quick start', bbml(paragraph('Five things to set up before week 1.')));
  tree.link(resources, 'Accessibility checklist', 'https://tlc.northfield.example.edu/accessibility');
  const notes = tree.folder(undefined, 'Meeting notes');
  tree.document(notes, 'September meeting', bbml(paragraph('Attendance policies; sharing rubrics.')));
  tree.document(notes, 'October meeting', bbml(paragraph('Alternative formats and the Ally report.')));
  return new Map();
}
