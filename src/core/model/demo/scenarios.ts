import {
  deleteSentence,
  celsiusOf,
  lookupsLabel,
  lookupSentence,
  outcomeSentence,
  remoteToolSentence,
  searchSentence,
  strayOutcomeSentence,
} from './answers';
import { citedTurn, type DemoSource } from './cited';
import type { Conversation, ToolOutcome } from './conversation';
import { readIntent, type Lookup } from './intents';
import { findNamedTool, inputFor } from './named-tool';
import { storyTurn } from './story';

/** A tool call the demo model decided to make (ids are given when it is written out). */
export interface DemoToolCall {
  toolName: string;
  input: Record<string, unknown>;
}

/** What the demo model says in one turn: optional reasoning, text, and tool calls. */
export interface DemoTurn {
  reasoning?: string;
  text: string;
  toolCalls: DemoToolCall[];
  /** The text stops at the model's output limit (`finishReason: 'length'`). */
  cutOff?: boolean;
  /** The sources the text cites by number (`[1]` is the first). */
  sources?: DemoSource[];
  /** Follow-up prompts the answer offers (the model's `toolchat.suggestions` content). */
  suggestions?: string[];
}

/** The tools the demo model can use; marker mode assumes they are all on offer. */
export const DEMO_TOOL_NAMES = [
  'getWeather',
  'getTime',
  'calculate',
  'convertTemperature',
  'deleteFile',
  'slowSearch',
  'ping',
] as const;

export const HELP_TEXT =
  "Hi! I'm the toolchat demo model: I run offline and answer by calling tools in your browser. " +
  'Try "What\'s the weather in Tokyo and London?", "What is 2+2 and the time in Tokyo?", ' +
  '"What\'s the weather in Paris in Fahrenheit?", "Delete the file report.pdf", ' +
  '"Search slowly for cats", "Tell me a long story", "What are you built on? Cite your sources" or "Keep calling tools". ' +
  'Add "think" to see my reasoning.';

const LOOP_CITIES = ['Tokyo', 'Paris', 'New York', 'London'];

const say = (text: string, toolCalls: DemoToolCall[] = []): DemoTurn => ({ text, toolCalls });
const unavailable = (what: string, tool: string) => say(`I can't ${what} right now: the ${tool} tool isn't available.`);

/** Decides the model's next turn from the request and the tool results since. */
export function decideTurn(conversation: Conversation): DemoTurn {
  const { intent, think } = readIntent(conversation.request);
  let turn: DemoTurn;
  const named = namedToolTurn(conversation);
  if (named) return think ? { ...named, reasoning: reasoningFor(conversation, named) } : named;
  switch (intent.kind) {
    case 'lookup':
      turn = lookupTurn(intent.lookups, conversation);
      break;
    case 'delete':
      turn = singleToolTurn(conversation, 'deleteFile', { path: intent.path }, {
        start: `I'll delete ${intent.path}.`,
        unavailable: 'delete files',
        answer: (outcome) => deleteSentence(intent.path, outcome),
      });
      break;
    case 'search':
      turn = singleToolTurn(conversation, 'slowSearch', { query: intent.query }, {
        start: `Searching slowly for "${intent.query}"… this takes a few seconds.`,
        unavailable: 'search',
        answer: (outcome) => searchSentence(intent.query, outcome),
      });
      break;
    case 'loop':
      turn = loopTurn(conversation);
      break;
    case 'story':
      turn = storyTurn(conversation.written);
      break;
    case 'sources':
      turn = citedTurn();
      break;
    case 'clarify':
      turn = say(intent.question);
      break;
    case 'help':
      turn = say(helpText(conversation));
      break;
  }
  return think ? { ...turn, reasoning: reasoningFor(conversation, turn) } : turn;
}

const DEMO_TOOLS: ReadonlySet<string> = new Set(DEMO_TOOL_NAMES);

/** Tools on offer that the demo model has no intent for: connected MCP servers, WebMCP pages. */
const connectedTools = (conversation: Conversation) => conversation.offeredTools.filter((tool) => !DEMO_TOOLS.has(tool.name));

/**
 * A connected tool the user names: called once with input read from the request, then the
 * answer from its result (see named-tool.ts for the rules).
 */
function namedToolTurn(conversation: Conversation): DemoTurn | undefined {
  // A result of a tool the request names: the call this turn made (a misspelt name is not named).
  const results = conversation.outcomes.filter((candidate) => !DEMO_TOOLS.has(candidate.toolName));
  const named = findNamedTool(conversation.request, results.map((candidate) => ({ name: candidate.toolName, inputSchema: {} })));
  if (named) return say(conversation.outcomes.map((each) => (DEMO_TOOLS.has(each.toolName) ? strayOutcomeSentence(each) : remoteToolSentence(each))).join(' '));
  if (conversation.outcomes.length > 0) return undefined;
  const found = findNamedTool(conversation.request, connectedTools(conversation));
  if (!found) return undefined;
  return say(`Calling ${found.tool.name}.`, [{ toolName: found.tool.name, input: inputFor(conversation.request, found.tool, found.end) }]);
}

function helpText(conversation: Conversation): string {
  const connected = connectedTools(conversation).map((tool) => tool.name);
  if (connected.length === 0) return HELP_TEXT;
  const example = (connected[0] ?? '').replace(/^[^_]*_(?=.*[_-])/, '').replace(/[_-]+/g, ' ');
  return `${HELP_TEXT} I can also call the tools you connected (${connected.join(', ')}): name one, e.g. "use ${example}".`;
}

function reasoningFor(conversation: Conversation, turn: DemoTurn): string {
  const asked = `The user asks: "${conversation.request.trim()}".`;
  if (turn.toolCalls.length === 0) {
    return conversation.outcomes.length > 0
      ? `${asked} I have ${conversation.outcomes.length} tool result(s), so I'll answer from them now.`
      : `${asked} No tool call is needed, so I'll answer directly.`;
  }
  const calls = turn.toolCalls.map((call) => `${call.toolName}(${JSON.stringify(call.input)})`).join(' and ');
  return `${asked} I need ${calls}, then I'll answer from the result${turn.toolCalls.length > 1 ? 's' : ''}.`;
}

function singleToolTurn(
  conversation: Conversation,
  toolName: string,
  input: Record<string, unknown>,
  phrases: { start: string; unavailable: string; answer: (outcome: ToolOutcome) => string },
): DemoTurn {
  const outcome = conversation.outcomes.find((candidate) => candidate.toolName === toolName);
  if (outcome) return say(phrases.answer(outcome));
  if (conversation.outcomes.length > 0) return say(conversation.outcomes.map(strayOutcomeSentence).join(' '));
  if (!conversation.availableTools.has(toolName)) return unavailable(phrases.unavailable, toolName);
  return say(phrases.start, [{ toolName, input }]);
}

function lookupCall(lookup: Lookup): DemoToolCall {
  if (lookup.tool === 'calculate') return { toolName: lookup.tool, input: { expression: lookup.expression } };
  return { toolName: lookup.tool, input: { city: lookup.city } };
}

/**
 * Weather, time and arithmetic: round 1 calls every lookup at once; a weather asked in
 * Fahrenheit then chains a `convertTemperature` round on the °C it got; then one answer.
 */
function lookupTurn(lookups: Lookup[], conversation: Conversation): DemoTurn {
  const { outcomes, availableTools } = conversation;
  if (outcomes.length === 0) {
    const offered = lookups.filter((lookup) => availableTools.has(lookup.tool));
    if (offered.length === 0) return say(lookups.map((lookup) => lookupSentence(lookup, undefined)).join(' '));
    return say(`Let me check ${lookupsLabel(offered)}.`, offered.map(lookupCall));
  }

  // Results are matched to lookups by tool name, in order: marker-mode ids are not ours.
  const queues = new Map<string, ToolOutcome[]>();
  for (const outcome of outcomes) queues.set(outcome.toolName, [...(queues.get(outcome.toolName) ?? []), outcome]);
  const take = (toolName: string) => queues.get(toolName)?.shift();
  const answered = lookups.map((lookup) => ({ lookup, outcome: take(lookup.tool) }));

  const toConvert = answered.flatMap(({ lookup, outcome }) => {
    if (lookup.tool !== 'getWeather' || !lookup.fahrenheit || outcome?.result.status !== 'ok') return [];
    const celsius = celsiusOf(outcome.result.value);
    const alreadyF = typeof outcome.result.value === 'object' && outcome.result.value !== null && 'tempF' in outcome.result.value;
    return celsius === undefined || alreadyF ? [] : [{ lookup, celsius }];
  });
  const conversionsDone = queues.get('convertTemperature')?.length ?? 0;
  if (toConvert.length > 0 && conversionsDone === 0 && availableTools.has('convertTemperature')) {
    const cities = toConvert.map(({ lookup }) => lookup.city).join(' and ');
    return say(
      `That's in Celsius; converting the temperature in ${cities} to Fahrenheit.`,
      toConvert.map(({ celsius }) => ({ toolName: 'convertTemperature', input: { celsius, to: 'fahrenheit' } })),
    );
  }

  const sentences = answered.flatMap(({ lookup, outcome }) => {
    // A call that went astray (a misspelt tool name) is answered by its stray result below.
    if (!outcome && availableTools.has(lookup.tool)) return [];
    const needsConversion = toConvert.some((item) => item.lookup === lookup);
    return [lookupSentence(lookup, outcome, needsConversion ? take('convertTemperature') : undefined)];
  });
  const stray = [...queues.values()].flat().map(strayOutcomeSentence);
  return { ...say([...sentences, ...stray].join(' ')), suggestions: followUps(lookups) };
}

/** What to ask next after a lookup: the other lookup of its first city, and the weather in °F. */
function followUps(lookups: readonly Lookup[]): string[] {
  const first = lookups.find((lookup) => lookup.tool !== 'calculate');
  if (!first) return ["What's the weather in Tokyo and London?"];
  const { city } = first;
  if (first.tool === 'getTime') return [`What's the weather in ${city}?`, `What time is it in ${city === 'Tokyo' ? 'London' : 'Tokyo'}?`];
  return [first.fahrenheit ? `What's the weather in ${city} in Celsius?` : `What's the weather in ${city} in Fahrenheit?`, `What time is it in ${city}?`];
}

/**
 * Calls a tool every round while tools are offered; once they are taken away (the round
 * limit's forced final answer), says in words how far it got.
 */
function loopTurn(conversation: Conversation): DemoTurn {
  const { outcomes, availableTools } = conversation;
  const lead = (tool: string) =>
    outcomes.length === 0 ? `I'll keep calling ${tool}.` : `Calling ${tool} again (call ${outcomes.length + 1}).`;
  if (availableTools.has('getTime')) {
    const city = LOOP_CITIES[outcomes.length % LOOP_CITIES.length] ?? 'Tokyo';
    return say(lead('getTime'), [{ toolName: 'getTime', input: { city } }]);
  }
  if (availableTools.has('ping')) return say(lead('ping'), [{ toolName: 'ping', input: {} }]);
  const last = outcomes.at(-1);
  if (!last) return say("I'd keep calling tools, but no tool is available.");
  const names = [...new Set(outcomes.map((outcome) => outcome.toolName))];
  const times = outcomes.length === 1 ? 'once' : `${outcomes.length} times`;
  return say(
    `I called ${names.join(' and ')} ${times} and now have to stop: no more tools for this answer. ` +
      `The last result: ${lowerFirst(outcomeSentence(last))}`,
  );
}

/** "It's 10:08…" → "it's 10:08…", to follow a colon; names and other words stay as they are. */
const lowerFirst = (sentence: string) => sentence.replace(/^It's\b/, "it's");
