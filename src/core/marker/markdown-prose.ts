import { parse, postprocess, preprocess } from 'micromark';
import { gfm } from 'micromark-extension-gfm';
import { BlockScanner } from '../markdown/blocks';
import { opensTooManyContainers } from '../markdown/containers';
import { TextBuffer } from './text-buffer';
import { CODE, PlainStretch, SAME_PARAGRAPH, UNKNOWN } from './plain-stretch';

/**
 * Whether a `###:` marker (or a `{` glued to a call) falls in Markdown prose, as the renderer
 * (react-markdown: micromark with GFM) will read the answer. A marker is a call only in prose:
 * never in code (fenced, indented, a code span), a link destination or definition, an autolink
 * or a bare URL, raw HTML, or after a backslash.
 *
 * The parser asks only when a marker has named its tool, so prose costs nothing here. Then
 * micromark reads the text since a restart point, with the marker's start appended, and the
 * marker's first character must be plain `data` of a paragraph, heading or table cell. What
 * comes later can still make it code or a URL; these rules guess "not prose" for a construct
 * still open before it in its paragraph: an unmatched backtick run (a code span may close
 * after it), `<` before a non-blank (an autolink or a tag), `](` (a link destination), a
 * paragraph that opened with `[` and no `]` yet (a definition's label). A marker wrongly taken
 * for text stays visible and runs nothing; one wrongly taken for a call would hide what the
 * model wrote.
 *
 * Linear time: after each question the restart point moves up to the marker when it sits in a
 * top-level paragraph with nothing open before it (later text reads the same from there), to
 * the start of a construct still open (read after a `}` so it stays mid-line), else to the
 * start of the line of its top-level block or of its top-level list item. A construct still
 * open answers the next questions on its line without micromark until a character could close
 * it, and so do plain words after a prose marker.
 *
 * micromark's own work can grow with the square of what it reads (containers opened on one
 * line, unmatched brackets and delimiters), so a window is charged its length, or its length
 * squared over 4 KiB past that, and all charges stay within the stream's length plus 32 KiB;
 * a line that opens more than 32 lists or quotes is not given to micromark at all, until a
 * fresh block starts. Past either limit (a pathological answer: thousands of calls in one
 * nested list, a line of `- - - …`), a marker is text.
 */

// `micromark` exports these; its types come from its `lib/` (no `exports` entry for them).
type Token = { type: string; start: { offset: number }; end: { offset: number } };
type Event = [kind: 'enter' | 'exit', token: Token, context: unknown];

type Parser = ReturnType<typeof parse>;
let parser: Parser | undefined;

/** micromark's events for `text`; its parser (GFM's constructs combined) made once. */
function tokenize(text: string): Event[] {
  parser ??= parse({ extensions: [gfm()] });
  // Left by the last document: definitions seen, lines taken as lazy.
  parser.defined.length = 0;
  parser.lazy = {};
  return postprocess(parser.document().write(preprocess()(text, undefined, true))) as Event[];
}

/** Token types (and their parts, by prefix) that are no prose for the marker. */
const NOT_PROSE = /^(?:resource|definition|autolink|literalAutolink|codeText|codeFenced|codeIndented|htmlFlow|htmlText|characterEscape|characterReference|reference|gfmFootnoteCall|gfmFootnoteDefinitionLabel)/;
/** The inline content a marker may be written in. */
const INLINE = new Set(['paragraph', 'atxHeadingText', 'setextHeadingText', 'tableContent']);

const NEWLINE = 10;
const BACKTICK = 96;
const LESS = 60;
const OPEN_PAREN = 40;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const COLON = 58;

function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** How much micromark may read beside the stream: see the budget in the class comment. */
const SLACK = 32_768;
/** Past this length, a window is charged its length squared over it. */
const SQUARE_FROM = 4_096;
/** What a window costs the budget: micromark's worst case grows with its square. */
function charge(length: number): number {
  return length <= SQUARE_FROM ? length : Math.ceil((length * length) / SQUARE_FROM);
}

export class MarkdownProse {
  /** The answer's text since the restart point (markers taken out), then what was appended since. */
  private text = '';
  private readonly pending = new TextBuffer();
  /** Characters of the stream so far, and characters micromark has read. */
  private seen = 0;
  private spent = 0;
  /**
   * The last marker was no prose because of a construct still open in its paragraph, which
   * this character would close (or -1): until one appears, or a line ends, the next is no
   * prose either.
   */
  private closer = -1;
  /** Read before `text` when it starts mid-line (see `read`). */
  private lead = '';
  /**
   * `text` starts where nothing is open at the top level: right after a marker that was prose
   * in a top-level paragraph, or at the start of the answer or of a fresh block; `stretch`
   * reads it as it comes.
   */
  private afterProse = true;
  private readonly stretch = new PlainStretch();
  /** Every line of the answer, read once: where blocks start, whether a fence is open. */
  private blocks = new BlockScanner();
  /** The answer's last line so far, not yet given to `blocks`. */
  private line = '';
  /** A line since the last fresh block opened too many containers (see `opensTooManyContainers`). */
  private deep = false;
  /** Whether `line` does, once asked (its prefix is whole by then: a marker follows it). */
  private lineDeep: boolean | undefined;

  constructor() {
    this.stretch.reset(true);
  }

  reset(): void {
    this.text = this.line = '';
    this.deep = false;
    this.lineDeep = undefined;
    this.pending.clear();
    this.seen = this.spent = 0;
    this.closer = -1;
    this.lead = '';
    this.afterProse = true;
    this.stretch.reset(true);
    this.blocks = new BlockScanner();
  }

  /** Text the answer shows, in order. */
  append(text: string): void {
    this.pending.append(text);
  }

  /** The stream went on by `length` characters (text or not). */
  count(length: number): void {
    this.seen += length;
  }

  /** Whether `probe` (`###:` up to its `{`, or a glued `{`), written after the text so far, starts in prose. */
  isProse(probe: string): boolean {
    let added = '';
    if (this.pending.length > 0) {
      added = this.pending.take();
      const fresh = this.readLines(added);
      this.text += added;
      if (fresh > 0) {
        // A block starts afresh there: read from its line, it reads as in the whole answer.
        this.text = this.text.slice(fresh);
        this.lead = '';
        this.closer = -1;
        this.afterProse = true;
        this.stretch.reset(true);
        this.stretch.feed(this.text);
      } else if (this.afterProse) this.stretch.feed(added);
    }
    // A fence at the top level runs to its closing line, and the marker's line is none.
    if (this.blocks.inFencedCode) return false;
    if (this.closer !== -1 && !this.mayClose(added)) return false;
    this.closer = -1;
    if (this.afterProse) {
      const verdict = this.stretch.verdict(probe.charCodeAt(0) === OPEN_BRACE);
      if (verdict === SAME_PARAGRAPH) {
        // Still the top-level paragraph: read from this marker on, later text reads the same.
        this.text = '';
        this.lead = '}';
        this.stretch.reset(false);
      }
      if (verdict !== UNKNOWN) return verdict !== CODE;
    }
    this.afterProse = false;
    this.lineDeep ??= opensTooManyContainers(this.line);
    if (this.deep || this.lineDeep) return false;
    const at = this.lead.length + this.text.length;
    const window = `${this.lead}${this.text}${probe}\n`;
    const cost = charge(window.length);
    if (this.spent + cost > this.seen + SLACK) return false;
    this.spent += cost;
    const { prose, restart, closer, lead } = read(window, tokenize(window), at);
    if (restart > 0) {
      this.text = window.slice(restart, at);
      // Read mid-line, the text must not start a line: a backtick run there would open a fence.
      this.lead = window.charCodeAt(restart - 1) === NEWLINE ? '' : lead;
    }
    this.closer = closer;
    this.afterProse = prose && restart === at && lead === '}';
    if (this.afterProse) this.stretch.reset(false);
    return prose;
  }

  /**
   * Gives `blocks` the lines that `added` (about to be appended to `text`) completes. Returns
   * where in `text`, `added` appended, the last fresh block starts, or 0.
   */
  private readLines(added: string): number {
    const base = this.text.length;
    let fresh = 0;
    let from = 0;
    for (let end = added.indexOf('\n'); end !== -1; end = added.indexOf('\n', from)) {
      const start = base + from - this.line.length;
      const line = this.line + added.slice(from, end);
      this.line = '';
      from = end + 1;
      if (this.blocks.line(line) && start > fresh) {
        fresh = start;
        this.deep = false;
      }
      if (opensTooManyContainers(line)) this.deep = true;
      if (this.blocks.fresh) {
        fresh = base + from;
        this.deep = false;
      }
    }
    if (from > 0) this.lineDeep = undefined;
    this.line += added.slice(from);
    return fresh;
  }

  /**
   * Whether `added`, the text since the last question, has a line break or the character that
   * closes what was open. Only `added` is read: `text` may be a long rope not to be flattened.
   */
  private mayClose(added: string): boolean {
    for (let i = 0; i < added.length; i++) {
      const code = added.charCodeAt(i);
      if (code === this.closer || code === NEWLINE) return true;
    }
    return false;
  }
}

/**
 * Whether `at` in `window` is prose; where the next window may start (≤ `at`), and what to read
 * before it there when that is mid-line: `}` (no block starts with it, nor a URL after it), or a
 * blank before a URL or an escape, so that it reads as one, as it did.
 */
function read(window: string, events: Event[], at: number): { prose: boolean; restart: number; closer: number; lead: string } {
  const path: Token[] = []; // the tokens containing `at`, outermost first
  const data: Token[] = []; // `data` tokens of prose before `at`
  const code: boolean[] = []; // per open token: it is in something that is no prose
  let item = -1; // the start of the last list item of a top-level list, before `at`
  for (const [kind, token] of events) {
    if (kind === 'exit') {
      code.pop();
      continue;
    }
    const depth = code.length;
    const inCode = (code.at(-1) ?? false) || NOT_PROSE.test(token.type);
    if (token.start.offset <= at && at < token.end.offset && path.length === depth) path.push(token);
    if (token.type === 'data' && token.start.offset < at && !inCode) data.push(token);
    if (depth === 0 && token.start.offset <= at) item = -1;
    else if (depth === 1 && token.type === 'listItemPrefix' && token.start.offset <= at) item = token.start.offset;
    code.push(inCode);
  }
  const top = path[0];
  if (top === undefined) return { prose: false, restart: 0, closer: -1, lead: '' };
  const lineOf = (offset: number) => window.lastIndexOf('\n', offset - 1) + 1;
  // In the info string of a backtick fence on the marker's own line: a backtick later on the
  // line would make it no fence. No prose until one comes, and no restart on that line.
  const fence = path.find((token) => token.type === 'codeFenced');
  if (fence !== undefined && lineOf(at) <= fence.start.offset && window.lastIndexOf('`', at) >= fence.start.offset) {
    return { prose: false, restart: 0, closer: BACKTICK, lead: '' };
  }
  // A top-level block reads the same from the start of its line; a list, from its item's.
  const restart = lineOf(item !== -1 && path[1] !== undefined ? item : top.start.offset);
  let container = -1;
  for (let i = path.length - 1; i >= 0; i--) {
    if (INLINE.has(path[i]!.type)) {
      container = i;
      break;
    }
  }
  if (container === -1) return { prose: false, restart, closer: -1, lead: '' };
  const open = opens(window, data, path[container]!, at);
  const prose = path.at(-1)!.type === 'data' && open === NOTHING_OPEN && !path.some((token) => NOT_PROSE.test(token.type));
  // A top-level paragraph reads the same from anywhere nothing is open before.
  const paragraph = top.type === 'content' && container === 1 && path[1]!.type === 'paragraph';
  if (open !== NOTHING_OPEN) {
    const start = open === OPEN_HERE ? path[container]!.start.offset : open;
    const closer = CLOSERS.get(window.charCodeAt(start)) ?? -1;
    return { prose, restart: paragraph && open !== OPEN_HERE ? open : restart, closer, lead: '}' };
  }
  if (!paragraph) return { prose, restart, closer: -1, lead: '' };
  if (prose) return { prose, restart: at, closer: -1, lead: '}' };
  return { prose, restart: path[2]?.start.offset ?? restart, closer: -1, lead: ' ' };
}

/** What closes a construct, by the character it starts with. */
const CLOSERS = new Map([
  [BACKTICK, BACKTICK],
  [LESS, 62], // >
  [CLOSE_BRACKET, 41], // `](` … )
  [OPEN_BRACKET, CLOSE_BRACKET], // a definition's label
]);

/** What `opens` finds: nothing open, or a construct open from the paragraph's start. */
const NOTHING_OPEN = -1;
const OPEN_HERE = -2;

/**
 * Whether a construct that may still close after `at` is open before it in `container`:
 * where the first one starts (a backtick run, a `<`, the `]` of `](`), `OPEN_HERE` for a
 * definition's label (read from the paragraph's start), or `NOTHING_OPEN`.
 */
function opens(window: string, data: Token[], container: Token, at: number): number {
  const from = container.start.offset;
  if (container.type === 'paragraph' && window.charCodeAt(from) === OPEN_BRACKET) {
    const close = window.indexOf(']', from);
    if (close === -1 || close >= at) return OPEN_HERE;
    // On the line of `[label]:`, a definition's destination may still close after the marker
    // (`[r]: (###:{…})` is one once its `)` comes).
    if (window.charCodeAt(close + 1) === COLON && window.lastIndexOf('\n', at - 1) < from) return OPEN_HERE;
  }
  for (const token of data) {
    if (token.start.offset < from) continue;
    const end = Math.min(token.end.offset, at);
    for (let i = token.start.offset; i < end; i++) {
      const code = window.charCodeAt(i);
      if (code === BACKTICK || (code === LESS && !isBlank(window.charCodeAt(i + 1)))) return i;
      // From the `]` on, `](` reads the same: a link destination perhaps.
      if (code === OPEN_PAREN && window.charCodeAt(i - 1) === CLOSE_BRACKET) return i - 1;
    }
  }
  return NOTHING_OPEN;
}
