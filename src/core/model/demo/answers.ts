import type { ToolOutcome, ToolOutcomeResult } from './conversation';
import type { Lookup } from './intents';

// Answers are built from the results' fields, never from the demo tools' table, so that a
// host app's own getWeather (5°C and rain) is reported faithfully.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const field = (value: unknown, ...names: string[]): unknown => {
  if (!isRecord(value)) return undefined;
  for (const name of names) if (value[name] !== undefined && value[name] !== null) return value[name];
  return undefined;
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

const MAX_WORDS_LENGTH = 200;

/** `timeZone` → "time zone", `tempC` → "temp C": a field name as words. */
const fieldWords = (name: string) => name.replace(/([a-z\d])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase().replace(/ ([a-z])$/, (_, letter: string) => ` ${letter.toUpperCase()}`);

function words(value: unknown, depth: number): string {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'nothing';
    if (depth > 0) return `${value.length} item${value.length === 1 ? '' : 's'}`;
    const shown = value.slice(0, 3).map((item) => words(item, depth + 1));
    const more = value.length > 3 ? ` and ${value.length - 3} more` : '';
    return `${shown.join('; ')}${more}`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value).filter(([, field]) => field !== undefined && field !== null);
    if (entries.length === 0) return 'nothing';
    if (depth > 1) return `${entries.length} field${entries.length === 1 ? '' : 's'}`;
    return entries
      .map(([name, field]) =>
        typeof field === 'object' && !Array.isArray(field) ? `${fieldWords(name)} (${words(field, depth + 1)})` : `${fieldWords(name)}: ${words(field, depth + 1)}`,
      )
      .join(', ');
  }
  return String(value);
}

/**
 * Any tool output in words, as a person would read it out: `{ city: 'Paris', tempC: 21 }` is
 * "city: Paris, temp C: 21", never a JSON dump; long ones are shortened.
 */
export function inWords(value: unknown): string {
  const text = words(value, 0);
  return text.length > MAX_WORDS_LENGTH ? `${text.slice(0, MAX_WORDS_LENGTH).trimEnd()}…` : text;
}

/** The temperature in °C a weather result reports, if it reports one. */
export function celsiusOf(value: unknown): number | undefined {
  const temp = field(value, 'tempC', 'temperatureC', 'temperature', 'temp');
  return typeof temp === 'number' ? temp : undefined;
}

function weatherSentence(lookup: Extract<Lookup, { tool: 'getWeather' }>, value: unknown, conversion?: ToolOutcome): string {
  const city = text(field(value, 'city', 'location')) ?? lookup.city;
  const celsius = celsiusOf(value);
  const conditions = text(field(value, 'conditions', 'condition', 'description', 'summary'));
  if (celsius === undefined) return `Here is the weather in ${city}: ${inWords(value)}.`;
  const and = conditions ? ` and ${conditions}` : '';
  if (!lookup.fahrenheit) return `It's ${celsius}°C${and} in ${city}.`;

  const tempF = text(field(value, 'tempF'));
  if (tempF !== undefined) return `It's ${tempF}°F (${celsius}°C)${and} in ${city}.`;
  if (conversion?.result.status === 'ok') {
    const converted = conversion.result.value;
    const degrees = text(field(converted, 'value', 'fahrenheit', 'result')) ?? inWords(converted);
    const unit = text(field(converted, 'unit')) ?? '°F';
    return `It's ${degrees}${unit} (${celsius}°C)${and} in ${city}.`;
  }
  const why = conversion ? `: ${failure(conversion.result)}` : '';
  return `It's ${celsius}°C${and} in ${city} (I couldn't convert it to Fahrenheit${why}).`;
}

function failure(result: ToolOutcomeResult): string {
  if (result.status === 'error') return result.message;
  if (result.status === 'denied') return result.reason ?? 'the call was denied';
  return inWords(result.value);
}

/** A tool's message as the end of a sentence: with its full stop. */
const sentenceOf = (message: string) => (/[.!?…]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`);

/** "a", "a and b", "a, b and c". */
const list = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * What several lookups are about, for lead-ins, one phrase per kind in the order asked:
 * "the weather in Tokyo and London", "2+2 and the time in Tokyo".
 */
export function lookupsLabel(lookups: readonly Lookup[]): string {
  const phrases: string[] = [];
  const cities = new Map<string, string[]>();
  for (const lookup of lookups) {
    if (lookup.tool === 'calculate') {
      phrases.push(lookup.expression);
      continue;
    }
    const kind = lookup.tool === 'getWeather' ? 'the weather in' : 'the time in';
    const known = cities.get(kind);
    if (known) known.push(lookup.city);
    else {
      const named = [lookup.city];
      cities.set(kind, named);
      // Filled in as more cities of this kind come: the phrase keeps its first place.
      phrases.push(kind);
    }
  }
  return list(phrases.map((phrase) => (cities.has(phrase) ? `${phrase} ${list(cities.get(phrase)!)}` : phrase)));
}

/** What a lookup is about, for lead-ins: "the weather in Paris", "2+2". */
export function lookupLabel(lookup: Lookup): string {
  switch (lookup.tool) {
    case 'getWeather':
      return `the weather in ${lookup.city}`;
    case 'getTime':
      return `the time in ${lookup.city}`;
    case 'calculate':
      return lookup.expression;
  }
}

/** One sentence answering one lookup from its outcome (or the lack of one). */
export function lookupSentence(lookup: Lookup, outcome: ToolOutcome | undefined, conversion?: ToolOutcome): string {
  if (!outcome) return `I couldn't check ${lookupLabel(lookup)}: the ${lookup.tool} tool isn't available.`;
  const { result } = outcome;
  if (result.status === 'denied') return `OK, I won't check ${lookupLabel(lookup)}.`;
  if (lookup.tool === 'getWeather') {
    if (result.status === 'error') return `Sorry, I couldn't get ${lookupLabel(lookup)}: ${sentenceOf(result.message)}`;
    return weatherSentence(lookup, result.value, conversion);
  }
  if (lookup.tool === 'getTime') {
    if (result.status === 'error') return `Sorry, I couldn't get ${lookupLabel(lookup)}: ${sentenceOf(result.message)}`;
    const time = text(field(result.value, 'time', 'localTime'));
    if (time === undefined) return `The time in ${lookup.city}: ${inWords(result.value)}.`;
    const city = text(field(result.value, 'city')) ?? lookup.city;
    const zone = text(field(result.value, 'timeZone', 'zone'));
    return `It's ${time} in ${city}${zone ? ` (${zone})` : ''}.`;
  }
  if (result.status === 'error') return `Sorry, I couldn't calculate ${lookup.expression}: ${sentenceOf(result.message)}`;
  const value = field(result.value, 'result', 'value');
  return `${lookup.expression} = ${text(value) ?? inWords(value ?? result.value)}.`;
}

/**
 * One sentence for any outcome: the answer a lookup would give for the demo's own tools
 * ("It's 10:08 in London."), else what the tool returned, in words.
 */
export function outcomeSentence(outcome: ToolOutcome): string {
  const input = isRecord(outcome.input) ? outcome.input : {};
  const city = text(input.city) ?? text(field(outcome.result.status === 'ok' ? outcome.result.value : undefined, 'city')) ?? 'that city';
  if (outcome.toolName === 'getWeather') return lookupSentence({ tool: 'getWeather', city, fahrenheit: false }, outcome);
  if (outcome.toolName === 'getTime') return lookupSentence({ tool: 'getTime', city }, outcome);
  if (outcome.toolName === 'calculate' && typeof input.expression === 'string') {
    return lookupSentence({ tool: 'calculate', expression: input.expression }, outcome);
  }
  return strayOutcomeSentence(outcome);
}

/** A result nobody asked for (an unknown tool, a misspelt name): say what it says. */
export function strayOutcomeSentence(outcome: ToolOutcome): string {
  const { result } = outcome;
  if (result.status === 'ok') return `${outcome.toolName} returned ${inWords(result.value)}.`;
  return failure(result);
}

export function deleteSentence(path: string, outcome: ToolOutcome): string {
  const { result } = outcome;
  if (result.status === 'denied') return `OK, I won't delete ${path}${result.reason ? ` (${result.reason})` : ''}.`;
  if (result.status === 'error') return `Sorry, I couldn't delete ${path}: ${result.message}`;
  return `Done: I deleted ${text(field(result.value, 'deleted', 'path')) ?? path}.`;
}

export function searchSentence(query: string, outcome: ToolOutcome): string {
  const { result } = outcome;
  if (result.status === 'denied') return `OK, I won't search for "${query}".`;
  if (result.status === 'error') return `Sorry, the search for "${query}" failed: ${result.message}`;
  const results = field(result.value, 'results');
  if (!Array.isArray(results)) return `The search for "${query}" returned ${inWords(result.value)}.`;
  const titles = results.map((item) => text(field(item, 'title')) ?? inWords(item));
  if (titles.length === 0) return `I found nothing for "${query}".`;
  return `I found ${titles.length} result${titles.length === 1 ? '' : 's'} for "${query}": ${titles.join('; ')}.`;
}

/** What a tool the demo model does not know returned: its text blocks (MCP), or its value. */
function remoteText(value: unknown): string {
  const content = isRecord(value) && Array.isArray(value.content) ? value.content : undefined;
  if (!content) return inWords(value);
  const texts = content.flatMap((block) => (isRecord(block) && block.type === 'text' && typeof block.text === 'string' ? [block.text] : []));
  const images = content.filter((block) => isRecord(block) && block.type === 'image').length;
  const shown = texts.join(' ').trim() || (isRecord(value) && value.structuredContent !== undefined ? inWords(value.structuredContent) : '');
  const image = images === 0 ? '' : images === 1 ? ' (and an image)' : ` (and ${images} images)`;
  return `${shown || 'nothing'}${image}`;
}

/** The answer from a connected tool's outcome. */
export function remoteToolSentence(outcome: ToolOutcome): string {
  const { result, toolName } = outcome;
  if (result.status === 'denied') return `OK, I won't run ${toolName}${result.reason ? ` (${result.reason})` : ''}.`;
  if (result.status === 'error') return `Sorry, ${toolName} failed: ${result.message}`;
  return `${toolName} says: ${remoteText(result.value)}`;
}
