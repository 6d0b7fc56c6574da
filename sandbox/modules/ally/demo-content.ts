import type { DemoFile } from '../../demo/files';
import type { Block, DocModel } from './document-model';

/**
 * What each demo course file says, and how its accessibility profile shapes the model the files
 * are written from: no title or language when the profile says so, a figure with or without
 * alternative text, a table with or without a header row, headings that skip levels, a
 * low-contrast paragraph. The text is fixed, so the demo files are the same bytes every run.
 */
interface DemoText {
  title: string;
  sections: { heading: string; paragraphs: string[] }[];
  figure: string;
  table: string[][];
}

const TEXTS: Record<string, DemoText> = {
  'Syllabus PSYC 101 Fall 2026.pdf': {
    title: 'PSYC 101 Introduction to Psychology: Syllabus, Fall 2026',
    sections: [
      { heading: 'Course description', paragraphs: ['This course is an introduction to the scientific study of behaviour and mental processes. We cover the history of the field, research methods, the brain, perception, learning, memory, development and social psychology.'] },
      { heading: 'Attendance', paragraphs: ['Attendance is taken at the start of every lecture. You may miss three lectures without penalty; after that, each absence lowers your participation grade by one point. Tell your instructor in advance if you will be away for a university event.'] },
      { heading: 'Assessment', paragraphs: ['Your grade is made up of two exams, weekly quizzes and a short research report. The table below shows the weight of each part.'] },
    ],
    figure: 'Photograph of the lecture hall with students seated in rows facing the screen.',
    table: [['Component', 'Weight', 'Due'], ['Midterm exam', '30%', 'Week 8'], ['Final exam', '35%', 'Exam week'], ['Weekly quizzes', '20%', 'Fridays'], ['Research report', '15%', 'Week 12']],
  },
  'Week 1 - What is Psychology.pdf': {
    title: 'Week 1: What is Psychology?',
    sections: [
      { heading: 'A science of mind and behaviour', paragraphs: ['Psychology is the scientific study of the mind and of behaviour. It asks how we perceive the world, how we learn and remember, and why we act as we do in the company of others.'] },
      { heading: 'Schools of thought', paragraphs: ['Structuralism, functionalism, behaviourism and the cognitive approach each changed the questions that psychologists ask. In this week we look at what each school took to be the proper subject of the field.'] },
    ],
    figure: 'Timeline of the major schools of psychology from 1879 to 1960.',
    table: [],
  },
  'Week 2 - Research Methods (scanned).pdf': {
    title: 'Week 2: Research Methods',
    sections: [
      { heading: 'Research methods', paragraphs: ['A good study begins with a question that can be tested. In this reading we compare descriptive studies, correlational studies and experiments, and we look at why only an experiment can show cause and effect.'] },
      { heading: 'Ethics', paragraphs: ['Every study with human participants is reviewed by an ethics board. Participants give informed consent and may leave a study at any time without penalty.'] },
    ],
    figure: '',
    table: [],
  },
  'Reading guide - Atlantic World.docx': {
    title: 'Reading guide: The Atlantic World, 1492-1800',
    sections: [
      { heading: 'How to use this guide', paragraphs: ['Read the primary sources for each week before the seminar. For every source, note who wrote it, for whom, and what the author wanted the reader to believe.'] },
      { heading: 'Week 3: Contact and exchange', paragraphs: ['This week we read letters and travel accounts from the first decades of contact. Pay attention to the way the writers describe land, people and trade.'] },
    ],
    figure: 'Map of the Atlantic Ocean showing the main trade routes between Europe, Africa and the Americas.',
    table: [['Week', 'Theme', 'Sources'], ['3', 'Contact and exchange', 'Columbus, Las Casas'], ['4', 'Empires and trade', 'Hakluyt, Vieira']],
  },
  'Primary sources 1492-1600.pdf': {
    title: 'Primary sources, 1492-1600',
    sections: [
      { heading: 'Letters from the first voyages', paragraphs: ['The letters in this collection were written by sailors, priests and officials in the first century after 1492. They are translated into English, with notes on the places and people they mention.'] },
      { heading: 'Reading the sources critically', paragraphs: ['Each writer had a reason to write and a reader to please. As you read, ask what the writer saw for himself and what he repeated from others.'] },
    ],
    figure: 'Facsimile of a handwritten letter from 1493, with a wax seal at the bottom.',
    table: [],
  },
  'Lab safety rules.html': {
    title: 'Chemistry lab safety rules',
    sections: [
      { heading: 'Before you start', paragraphs: ['Wear safety goggles and a lab coat at all times in the laboratory. Tie back long hair and do not wear open shoes.'] },
      { heading: 'During the experiment', paragraphs: ['Never taste or smell chemicals directly. Add acid to water, never water to acid. Report every spill and every injury to the instructor at once.'] },
    ],
    figure: 'Diagram of the laboratory showing the emergency shower, eye wash station and exits.',
    table: [['Hazard', 'Symbol', 'What to do'], ['Flammable', 'Flame', 'Keep away from heat'], ['Corrosive', 'Hand and surface', 'Wear gloves']],
  },
  'Titration worksheet.pdf': {
    title: 'Titration worksheet',
    sections: [
      { heading: 'Aim', paragraphs: ['In this lab you find the concentration of a hydrochloric acid solution by titration with sodium hydroxide of known concentration.'] },
      { heading: 'Results', paragraphs: ['Record the burette readings for each trial in the table. Repeat the titration until two results agree to within 0.1 mL.'] },
    ],
    figure: 'Drawing of a burette clamped above a conical flask on a white tile.',
    table: [['Trial', 'Start (mL)', 'End (mL)', 'Volume (mL)'], ['1', '0.0', '', ''], ['2', '', '', ''], ['3', '', '', '']],
  },
  'Cell membrane lecture slides.pptx': {
    title: 'The cell membrane',
    sections: [
      { heading: 'Structure of the membrane', paragraphs: ['The membrane is a bilayer of phospholipids with proteins embedded in it. The fluid mosaic model describes how these parts move.'] },
      { heading: 'Transport across the membrane', paragraphs: ['Small molecules cross by diffusion; others need channel proteins or active transport, which uses energy from ATP.'] },
    ],
    figure: 'Diagram of the phospholipid bilayer with channel proteins and cholesterol.',
    table: [],
  },
  'Mitosis study guide.pdf': {
    title: 'Mitosis study guide',
    sections: [
      { heading: 'The phases of mitosis', paragraphs: ['Mitosis has four phases: prophase, metaphase, anaphase and telophase. Learn what happens to the chromosomes in each one.'] },
      { heading: 'Check your understanding', paragraphs: ['Explain why the cell copies its DNA before mitosis begins, and what would happen if it did not.'] },
    ],
    figure: 'Four drawings of a cell, one for each phase of mitosis.',
    table: [],
  },
};

/** The model of a demo document (not of the PNG image). */
export function demoModel(file: DemoFile): DocModel {
  const text = TEXTS[file.name] ?? { title: file.name.replace(/\.[^.]+$/, ''), sections: [{ heading: 'Overview', paragraphs: [`This is ${file.name}.`] }], figure: '', table: [] };
  const p = file.profile;
  const blocks: Block[] = [{ kind: 'heading', level: p.headings === false ? 2 : 1, text: text.title }];
  text.sections.forEach((section, i) => {
    // Headings "not in order": sections jump two levels down (H2 -> H4).
    blocks.push({ kind: 'heading', level: p.headings === false ? 4 : 2, text: section.heading });
    section.paragraphs.forEach((paragraph, j) => blocks.push({ kind: 'paragraph', text: paragraph, ...(p.lowContrast && i === 0 && j === 0 ? { lowContrast: true } : {}) }));
    if (i === 0 && p.altText !== undefined && text.figure) blocks.push({ kind: 'image', description: text.figure, alt: p.altText ? text.figure : undefined });
  });
  if (p.tableHeaders !== undefined && text.table.length > 0) blocks.push({ kind: 'table', rows: text.table, headerRow: p.tableHeaders });
  return { title: p.title ? text.title : undefined, lang: p.language ? 'en-US' : undefined, blocks };
}
