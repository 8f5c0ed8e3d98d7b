/** One thing to look up with one tool call; several may be asked in one message. */
export type Lookup =
  | { tool: 'getWeather'; city: string; fahrenheit: boolean }
  | { tool: 'getTime'; city: string }
  | { tool: 'calculate'; expression: string };

/** What the user asked for, as far as the demo model understands requests. */
export type Intent =
  | { kind: 'lookup'; lookups: Lookup[] }
  | { kind: 'delete'; path: string }
  | { kind: 'search'; query: string }
  | { kind: 'loop' }
  | { kind: 'story' }
  | { kind: 'sources' }
  | { kind: 'clarify'; question: string }
  | { kind: 'help' };

const LOOP = /\bkeep calling tools\b|\bloop forever\b|\bforever\b|\bnever stop\b|\binfinite loop\b/i;
const STORY = /\b(?:long|whole)\s+story\b/i;
const SOURCES = /\b(?:cite|citations?|sources?|references?)\b/i;
const DELETE = /\b(?:delete|remove)\s+(?:the\s+)?(?:file\s+)?["'`]?([^\s"'`]+)/i;
const SEARCH = /\b(?:search(?:es|ing)?\s+slowly|slow(?:ly)?[\s-]*search)\s+(?:for\s+|about\s+)?(.+)/i;
const WEATHER = /\b(?:weather|temperature|forecast|hot|cold|warm|raining|sunny)\b/i;
const TIME = /\b(?:time|clock)\b/i;
const FAHRENHEIT = /fahrenheit|°\s*f\b|\bin f\b/i;
const THINK = /\bthink\b|\bstep by step\b|\breason(?:ing)?\b/i;
const CITY = /\b(?:in|for|at)\s+(?=([a-z][a-z .'-]*))/gi;
const NOT_CITY_WORD = /^(?:the|a|an|now|today|tonight|tomorrow|fahrenheit|celsius|[cf])$/i;
// Words that end a list of cities rather than name one: "weather in Paris and thanks".
const NOT_A_PLACE =
  /^(?:also|and|are|as|be|but|can|could|do|does|for|from|how|i|is|it|just|me|my|not|now|ok|okay|please|so|thank|thanks|that|the|then|there|this|to|too|us|was|we|what|when|where|which|who|why|will|with|would|you|your)$/i;
const NOT_CITY = /\s+(?:right now|now|today|tonight|tomorrow|please|currently|at the moment|in (?:fahrenheit|celsius)|in °?[cf]\b).*$/i;
const ARITHMETIC = /[-+*/×÷().\d\s]*\d[-+*/×÷().\d\s]*/g;
const HAS_OPERATOR = /\d[\s)]*[-+*/×÷][\s(]*[-+]?[\d.(]/;

const WORD_OPERATORS: Array<[RegExp, string]> = [
  [/\bplus\b/gi, '+'],
  [/\bminus\b/gi, '-'],
  [/\b(?:times|multiplied by)\b/gi, '*'],
  [/\bdivided by\b/gi, '/'],
];

const trimPunctuation = (text: string) => text.trim().replace(/^["'`]+|["'`.,;:!?]+$/g, '');
const titleCase = (text: string) => text.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());

function findCity(segment: string): string | undefined {
  for (const match of segment.matchAll(CITY)) {
    const words = trimPunctuation((match[1] ?? '').replace(NOT_CITY, '')).split(/\s+/).filter(Boolean);
    if (words.length === 0 || words.length > 3 || NOT_CITY_WORD.test(words[0] ?? '')) continue;
    return titleCase(words.join(' '));
  }
  return undefined;
}

function findExpression(segment: string): string | undefined {
  let text = segment;
  for (const [words, operator] of WORD_OPERATORS) text = text.replace(words, ` ${operator} `);
  const candidates = text.match(ARITHMETIC) ?? [];
  const expression = candidates.map((candidate) => candidate.trim()).find((candidate) => HAS_OPERATOR.test(candidate));
  return expression?.replace(/\s+/g, ' ').replace(/\s*([-+*/×÷()])\s*/g, '$1');
}

/**
 * A segment that is only a place, continuing a list of cities: "London" in "weather in Tokyo
 * and London", "in Berlin" in "the time in Paris, in Berlin". One to three words of letters,
 * none of them a word that ends such a list.
 */
function bareCity(segment: string): string | undefined {
  const text = trimPunctuation(segment.replace(NOT_CITY, '')).replace(/^(?:(?:also|in|for|at)\s+)+/i, '');
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > 3) return undefined;
  if (!words.every((word) => /^[a-z][a-z.'-]*$/i.test(word) && !NOT_A_PLACE.test(word) && !NOT_CITY_WORD.test(word))) return undefined;
  return titleCase(words.join(' '));
}

type LookupTool = 'getWeather' | 'getTime';

const sameLookup = (a: Lookup, b: Lookup) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The weather, time and arithmetic lookups in the text, in the order they are asked: one per
 * city and question, so "weather in Tokyo and London" is two lookups (two calls in one turn).
 */
function findLookups(text: string): { lookups: Lookup[]; cityMissing: boolean } {
  // Split "X and Y" so each question keeps its own city: "weather in Paris and time in Tokyo".
  const segments = text.split(/\s+and\s+|\s+then\s+|[,;?!]|\.(?=\s|$)/i).filter((segment) => segment.trim() !== '');
  const cities = segments.map(findCity);
  const fahrenheit = FAHRENHEIT.test(text);
  const lookups: Lookup[] = [];
  const add = (lookup: Lookup) => {
    if (!lookups.some((existing) => sameLookup(existing, lookup))) lookups.push(lookup);
  };
  const lookUp = (tools: readonly LookupTool[], city: string) => {
    for (const tool of tools) add(tool === 'getWeather' ? { tool, city, fahrenheit } : { tool, city });
  };
  // Questions still without a city ("weather" in "weather and time in Tokyo"), and what the
  // last question with a city asked: a segment that is only a city asks it again there.
  let pending: LookupTool[] = [];
  let asked: LookupTool[] = [];
  segments.forEach((segment, index) => {
    const tools = ([[WEATHER, 'getWeather'], [TIME, 'getTime']] as const).filter(([pattern]) => pattern.test(segment)).map(([, tool]) => tool);
    const expression = tools.length > 0 ? undefined : findExpression(segment);
    if (expression) {
      add({ tool: 'calculate', expression });
      asked = [];
    } else if (tools.length > 0) {
      const city = cities[index];
      if (!city) pending = [...new Set([...pending, ...tools])];
      else {
        asked = [...new Set([...pending, ...tools])];
        pending = [];
        lookUp(asked, city);
      }
    } else {
      const city = asked.length > 0 ? (cities[index] ?? bareCity(segment)) : undefined;
      if (city) lookUp(asked, city);
      else asked = [];
    }
  });
  // A question no city followed takes the first city of the message, if any.
  const anyCity = cities.find(Boolean);
  if (pending.length > 0 && anyCity) lookUp(pending, anyCity);
  const cityMissing = pending.length > 0 && !anyCity;
  return { lookups, cityMissing };
}

/** Reads the user's request; matching is case-insensitive and forgiving. */
export function readIntent(text: string): { intent: Intent; think: boolean } {
  const think = THINK.test(text);
  if (LOOP.test(text)) return { intent: { kind: 'loop' }, think };
  if (STORY.test(text)) return { intent: { kind: 'story' }, think };
  const deletion = DELETE.exec(text);
  if (deletion?.[1] && trimPunctuation(deletion[1]) !== '') {
    return { intent: { kind: 'delete', path: trimPunctuation(deletion[1]) }, think };
  }
  const search = SEARCH.exec(text);
  if (search?.[1] && trimPunctuation(search[1]) !== '') {
    return { intent: { kind: 'search', query: trimPunctuation(search[1]) }, think };
  }
  const { lookups, cityMissing } = findLookups(text);
  // "Weather in Paris, with sources" is a lookup; sources alone are the cited answer.
  if (lookups.length === 0 && SOURCES.test(text)) return { intent: { kind: 'sources' }, think };
  if (lookups.length > 0) return { intent: { kind: 'lookup', lookups }, think };
  if (cityMissing) {
    const question = 'Which city do you mean? For example: "What\'s the weather in Paris?"';
    return { intent: { kind: 'clarify', question }, think };
  }
  return { intent: { kind: 'help' }, think };
}
