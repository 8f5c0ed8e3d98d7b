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

/** A short, readable rendering of any tool output. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 200 ? `${json.slice(0, 200)}…` : json;
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
  if (celsius === undefined) return `Here is the weather in ${city}: ${describe(value)}.`;
  const and = conditions ? ` and ${conditions}` : '';
  if (!lookup.fahrenheit) return `It's ${celsius}°C${and} in ${city}.`;

  const tempF = text(field(value, 'tempF'));
  if (tempF !== undefined) return `It's ${tempF}°F (${celsius}°C)${and} in ${city}.`;
  if (conversion?.result.status === 'ok') {
    const converted = conversion.result.value;
    const degrees = text(field(converted, 'value', 'fahrenheit', 'result')) ?? describe(converted);
    const unit = text(field(converted, 'unit')) ?? '°F';
    return `It's ${degrees}${unit} (${celsius}°C)${and} in ${city}.`;
  }
  const why = conversion ? `: ${failure(conversion.result)}` : '';
  return `It's ${celsius}°C${and} in ${city} (I couldn't convert it to Fahrenheit${why}).`;
}

function failure(result: ToolOutcomeResult): string {
  if (result.status === 'error') return result.message;
  if (result.status === 'denied') return result.reason ?? 'the call was denied';
  return describe(result.value);
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
    if (result.status === 'error') return `Sorry, I couldn't get the weather: ${result.message}`;
    return weatherSentence(lookup, result.value, conversion);
  }
  if (lookup.tool === 'getTime') {
    if (result.status === 'error') return `Sorry, I couldn't get the time: ${result.message}`;
    const time = text(field(result.value, 'time', 'localTime'));
    if (time === undefined) return `The time in ${lookup.city}: ${describe(result.value)}.`;
    const city = text(field(result.value, 'city')) ?? lookup.city;
    const zone = text(field(result.value, 'timeZone', 'zone'));
    return `It's ${time} in ${city}${zone ? ` (${zone})` : ''}.`;
  }
  if (result.status === 'error') return `Sorry, I couldn't calculate ${lookup.expression}: ${result.message}`;
  const value = field(result.value, 'result', 'value');
  return `${lookup.expression} = ${text(value) ?? describe(value ?? result.value)}.`;
}

/** A result nobody asked for (an unknown tool, a misspelt name): say what it says. */
export function strayOutcomeSentence(outcome: ToolOutcome): string {
  const { result } = outcome;
  if (result.status === 'ok') return `${outcome.toolName} returned ${describe(result.value)}.`;
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
  if (!Array.isArray(results)) return `The search for "${query}" returned ${describe(result.value)}.`;
  const titles = results.map((item) => text(field(item, 'title')) ?? describe(item));
  if (titles.length === 0) return `I found nothing for "${query}".`;
  return `I found ${titles.length} result${titles.length === 1 ? '' : 's'} for "${query}": ${titles.join('; ')}.`;
}

/** What a tool the demo model does not know returned: its text blocks (MCP), or its value. */
function remoteText(value: unknown): string {
  const content = isRecord(value) && Array.isArray(value.content) ? value.content : undefined;
  if (!content) return describe(value);
  const texts = content.flatMap((block) => (isRecord(block) && block.type === 'text' && typeof block.text === 'string' ? [block.text] : []));
  const images = content.filter((block) => isRecord(block) && block.type === 'image').length;
  const shown = texts.join(' ').trim() || (isRecord(value) && value.structuredContent !== undefined ? describe(value.structuredContent) : '');
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
