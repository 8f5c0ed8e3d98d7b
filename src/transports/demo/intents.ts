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
  | { kind: 'clarify'; question: string }
  | { kind: 'help' };

const LOOP = /\bkeep calling tools\b|\bloop forever\b|\bforever\b|\bnever stop\b|\binfinite loop\b/i;
const DELETE = /\b(?:delete|remove)\s+(?:the\s+)?(?:file\s+)?["'`]?([^\s"'`]+)/i;
const SEARCH = /\b(?:search(?:es|ing)?\s+slowly|slow(?:ly)?[\s-]*search)\s+(?:for\s+|about\s+)?(.+)/i;
const WEATHER = /\b(?:weather|temperature|forecast|hot|cold|warm|raining|sunny)\b/i;
const TIME = /\b(?:time|clock)\b/i;
const FAHRENHEIT = /fahrenheit|°\s*f\b|\bin f\b/i;
const THINK = /\bthink\b|\bstep by step\b|\breason(?:ing)?\b/i;
const CITY = /\b(?:in|for|at)\s+(?=([a-z][a-z .'-]*))/gi;
const NOT_CITY_WORD = /^(?:the|a|an|now|today|tonight|tomorrow|fahrenheit|celsius|[cf])$/i;
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

/** The weather, time and arithmetic lookups in the text, in the order they are asked. */
function findLookups(text: string): { lookups: Lookup[]; cityMissing: boolean } {
  // Split "X and Y" so each question keeps its own city: "weather in Paris and time in Tokyo".
  const segments = text.split(/\s+and\s+|\s+then\s+|[,;?!]|\.(?=\s|$)/i).filter((segment) => segment.trim() !== '');
  const cities = segments.map(findCity);
  const fallbackCity = (index: number) => cities.slice(index).find(Boolean) ?? cities.find(Boolean);
  const fahrenheit = FAHRENHEIT.test(text);
  const lookups: Lookup[] = [];
  let cityMissing = false;
  segments.forEach((segment, index) => {
    const expression = TIME.test(segment) || WEATHER.test(segment) ? undefined : findExpression(segment);
    if (expression) lookups.push({ tool: 'calculate', expression });
    for (const [pattern, tool] of [[WEATHER, 'getWeather'], [TIME, 'getTime']] as const) {
      if (!pattern.test(segment)) continue;
      const city = cities[index] ?? fallbackCity(index);
      if (!city) cityMissing = true;
      else if (tool === 'getWeather') lookups.push({ tool, city, fahrenheit });
      else lookups.push({ tool, city });
    }
  });
  return { lookups, cityMissing };
}

/** Reads the user's request; matching is case-insensitive and forgiving. */
export function readIntent(text: string): { intent: Intent; think: boolean } {
  const think = THINK.test(text);
  if (LOOP.test(text)) return { intent: { kind: 'loop' }, think };
  const deletion = DELETE.exec(text);
  if (deletion?.[1] && trimPunctuation(deletion[1]) !== '') {
    return { intent: { kind: 'delete', path: trimPunctuation(deletion[1]) }, think };
  }
  const search = SEARCH.exec(text);
  if (search?.[1] && trimPunctuation(search[1]) !== '') {
    return { intent: { kind: 'search', query: trimPunctuation(search[1]) }, think };
  }
  const { lookups, cityMissing } = findLookups(text);
  if (lookups.length > 0) return { intent: { kind: 'lookup', lookups }, think };
  if (cityMissing) {
    const question = 'Which city do you mean? For example: "What\'s the weather in Paris?"';
    return { intent: { kind: 'clarify', question }, think };
  }
  return { intent: { kind: 'help' }, think };
}
