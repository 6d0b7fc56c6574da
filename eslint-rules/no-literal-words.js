// Words a person reads come from the message catalogue (shared/i18n), never from markup: a string
// literal there would stay English in every language. Reported: text between tags and the literal
// value of an attribute a person reads or hears (label, aria-label, title, placeholder, alt, and
// components' own word props). Allowed: text without letters (" · ", "(", numbers) and the brand.
const READ_ATTRIBUTES = new Set(['label', 'aria-label', 'title', 'placeholder', 'alt', 'hint', 'heading', 'submitLabel', 'bodyLabel', 'actionsLabel', 'discardNote', 'aria-description', 'aria-roledescription', 'aria-valuetext']);
const ALLOWED = new Set(['Rollbook', 'Learn', 'Ally']);

function hasWords(text) {
  const rest = text
    .split(/\s+/)
    .filter((word) => !ALLOWED.has(word.replace(/[^\p{L}]/gu, '')))
    .join(' ');
  return /\p{L}/u.test(rest);
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Words in markup come from the message catalogue (t()), not string literals' },
    messages: { literal: 'Words a person reads come from the catalogue: t(\'…\') instead of "{{text}}".' },
    schema: [],
  },
  create(context) {
    return {
      SvelteText(node) {
        if (node.parent?.type === 'SvelteStyleElement' || node.parent?.type === 'SvelteScriptElement') return;
        if (hasWords(node.value)) context.report({ node, messageId: 'literal', data: { text: node.value.trim().slice(0, 40) } });
      },
      SvelteAttribute(node) {
        if (!READ_ATTRIBUTES.has(node.key.name)) return;
        for (const part of node.value) {
          if (part.type === 'SvelteLiteral' && hasWords(part.value)) context.report({ node: part, messageId: 'literal', data: { text: part.value.slice(0, 40) } });
        }
      },
    };
  },
};
