/** Longer answers are read up to here: past it, listening is not how anyone reads. */
const MAX_LENGTH = 20_000;

/**
 * What reading an answer aloud says: its words without the Markdown around them. Code blocks are
 * left out (heard character by character they help no one), links and images say their text,
 * citation markers (`[1]`) and emphasis marks say nothing, a table's cells are read as a list.
 */
export function speechText(markdown: string): string {
  return markdown
    .slice(0, MAX_LENGTH)
    .replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n {0,3}\1[^\n]*|(?![\s\S]))/gm, '')
    .replace(/!\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
    .replace(/\[([^\]\n]+)\]\([^)\n]*\)/g, '$1')
    .replace(/\[\d{1,3}\]/g, '')
    .replace(/^ {0,3}(?:#{1,6}|>+|[-*+]|\d+[.)])[ \t]+/gm, '')
    .replace(/^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/gm, '')
    .replace(/[ \t]*\|[ \t]*/g, ', ')
    .replace(/\*+|~~|`+/g, '')
    .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/**
 * The text in pieces of at most `max` characters, cut after sentences (else between words):
 * some browsers stop speaking an utterance after about fifteen seconds.
 */
export function speechChunks(text: string, max = 200): string[] {
  const sentences = text.match(/[^.!?。！？؟\n]+(?:[.!?。！？؟]+|\n|$)/gu) ?? [];
  const chunks: string[] = [];
  let current = '';
  for (let sentence of sentences) {
    if ((current + sentence).length <= max) {
      current += sentence;
      continue;
    }
    if (current.trim() !== '') chunks.push(current.trim());
    // A sentence longer than `max`: cut between words.
    while (sentence.length > max) {
      const space = sentence.lastIndexOf(' ', max);
      const at = space > 0 ? space : max;
      chunks.push(sentence.slice(0, at).trim());
      sentence = sentence.slice(at);
    }
    current = sentence;
  }
  if (current.trim() !== '') chunks.push(current.trim());
  return chunks.filter((chunk) => chunk !== '');
}
