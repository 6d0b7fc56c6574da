/**
 * Rich-text bodies of the demo content, in the shape Learn's editor writes (BbML: an editor marker
 * comment, then a div). Mostly ordinary course prose; one body is deliberately unsafe (see
 * IMPORTED_NOTES_BODY) so the app's sanitiser has real work in demo mode and tests.
 */

/**
 * Wraps markup as Learn's editor saves it. The editor id is a hash of the markup, so the same demo
 * world is byte-for-byte the same after every reset.
 */
export function bbml(inner: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < inner.length; i++) h = Math.imul(h ^ inner.charCodeAt(i), 0x01000193);
  return `<!-- {"bbMLEditorVersion":1} --><div data-bbid="bbml-editor-id_${(h >>> 0).toString(16).padStart(8, '0')}">${inner}</div>`;
}

export const paragraph = (...lines: string[]): string => lines.map((l) => `<p>${l}</p>`).join('');

export function welcomeBody(courseName: string, instructor: string): string {
  return bbml(
    `<h4>Welcome to ${courseName}</h4>` +
      paragraph(
        `I'm ${instructor}, and I'm glad you're here. This page tells you where things are and what to do first.`,
        '<strong>Before the first class:</strong>',
      ) +
      '<ol><li>Read the syllabus (below) and note the due dates.</li><li>Introduce yourself in the discussion board.</li><li>Check that you can open the readings; tell me early if a file does not work with your screen reader.</li></ol>' +
      paragraph('Office hours are listed in the course calendar. Email is fine too: I answer within two working days.'),
  );
}

export function overviewBody(week: number, topic: string): string {
  return bbml(
    `<h4>Week ${week}: ${topic}</h4>` +
      paragraph(`This week we look at ${topic.toLowerCase()}. By the end of the week you should be able to:`) +
      '<ul><li>explain the key terms in your own words;</li><li>give one example from everyday life;</li><li>answer the practice questions without your notes.</li></ul>' +
      paragraph('<em>Estimated time: 4–6 hours including the reading.</em>'),
  );
}

export function notesBody(topic: string): string {
  return bbml(
    `<h5>${topic}: lecture notes</h5>` +
      paragraph(
        `These notes follow the slides from class. Headings match the slide titles so you can find your place.`,
        `<strong>Key idea.</strong> ${topic} is easier to remember when you connect each term to an example you have seen yourself.`,
      ) +
      '<table><thead><tr><th scope="col">Term</th><th scope="col">Meaning</th></tr></thead><tbody><tr><td>Hypothesis</td><td>A testable prediction</td></tr><tr><td>Variable</td><td>Anything that can change or be changed</td></tr></tbody></table>',
  );
}

export function practiceBody(topic: string): string {
  return bbml(
    `<h5>Practice questions: ${topic}</h5>` +
      '<ol><li>Define the main concept in one sentence.</li><li>Give an example that is <em>not</em> from the textbook.</li><li>What would change your mind about the example?</li></ol>' +
      paragraph('Mark this item as reviewed when you have tried all three.'),
  );
}

export function discussionBody(prompt: string): string {
  return bbml(paragraph(`<strong>Discussion prompt.</strong> ${prompt}`, 'Post by Wednesday; reply to two classmates by Friday.'));
}

export function assignmentInstructions(task: string, words: number): string {
  return bbml(
    paragraph(task, `Length: about ${words} words. Cite at least two sources from the reading list.`) +
      '<ul><li>Submit as PDF or DOCX.</li><li>Name the file <code>Lastname_Firstname.pdf</code>.</li></ul>',
  );
}

/**
 * DELIBERATELY UNSAFE DEMO CONTENT. Notes imported from a previous LMS, as real migrations
 * sometimes bring along: an inline <script> and an <img> with an onerror handler. Both are
 * harmless (they only touch the page title and hide a broken image) but they must never run in
 * Rollbook: the app's sanitiser is expected to strip them. This is the only such body in the demo.
 */
export const IMPORTED_NOTES_BODY = bbml(
  '<h5>Notes imported from the previous LMS</h5>' +
    paragraph('These notes came over with the course copy from last year. Some formatting did not survive the move.') +
    '<script>document.title = "Imported notes";</script>' +
    '<p><img src="figures/missing-synapse-diagram.png" alt="Diagram of a synapse" onerror="this.style.display=\'none\'"></p>' +
    paragraph('<a href="https://openstax.org/details/books/psychology-2e">OpenStax Psychology 2e</a> covers the same material in chapter 3.'),
);
