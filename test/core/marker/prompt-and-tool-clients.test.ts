import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseToolMarkers, toolMarkerPrompt, toolSchemas, toToolClients, type ToolSchemas } from 'toolchat/core';
import { demoTools } from 'toolchat/transports';

const tools: ToolSchemas = {
  getWeather: {
    description: 'Current weather for a city',
    inputSchema: z.toJSONSchema(
      z.object({
        city: z.string().describe('City name'),
        unit: z.enum(['c', 'f']).optional(),
        days: z.number().int().optional(),
        when: z.string().nullable(),
        tags: z.array(z.string()),
        where: z.object({ lat: z.number() }),
      }),
    ) as ToolSchemas[string]['inputSchema'],
  },
  now: { inputSchema: { type: 'object', properties: {} } },
};

describe('toolMarkerPrompt', () => {
  const prompt = toolMarkerPrompt(tools);

  it('lists every tool with its description and JSON Schema', () => {
    expect(prompt).toContain('### getWeather\nCurrent weather for a city');
    expect(prompt).toContain(JSON.stringify(tools.getWeather?.inputSchema));
    expect(prompt).toContain('### now\nParameters (JSON Schema): {"type":"object","properties":{}}');
  });

  it('shows the marker syntax and the result lines the model will get', () => {
    expect(prompt).toContain('###:{"toolName":"<tool name>","parameters":{<the tool\'s parameters>}}');
    expect(prompt).toContain('Tool result for getWeather (call_1): {"example":"output"}');
    expect(prompt).toContain('Tool error for getWeather (call_2): what went wrong');
    expect(prompt).toMatch(/If no tool is needed, answer normally/);
  });

  it('contains no marker the parser would take for a call', () => {
    expect(parseToolMarkers(prompt).toolCalls).toEqual([]);
  });

  it('says so when there are no tools', () => {
    expect(toolMarkerPrompt({})).toContain('No tools are available');
  });
});

describe('toolMarkerPrompt with style "compact"', () => {
  const prompt = toolMarkerPrompt(tools, { style: 'compact' });

  it('states the protocol once and lists each tool on one line as a signature with its description', () => {
    expect(prompt).toContain('###:{"toolName":"<name>","parameters":{…}}');
    expect(prompt).toContain('"Tool result for <name> (<id>): <JSON>"');
    expect(prompt).toContain('If no tool is needed, answer normally.');
    expect(prompt.split('\n').filter((line) => line.startsWith('- '))).toEqual([
      '- getWeather(city: string, unit?: "c" | "f", days?: integer, when: string | null, tags: string[], where: { lat: number }) — Current weather for a city',
      '- now()',
    ]);
  });

  it('writes every kind of schema tersely', () => {
    const kinds = toolMarkerPrompt(
      {
        shapes: {
          inputSchema: {
            type: 'object',
            properties: {
              'odd key': { type: 'string' },
              either: { anyOf: [{ type: 'number' }, { type: 'string', enum: ['auto'] }] },
              fixed: { const: 3 },
              list: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
              deep: { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'string' } } } } } } },
              anything: {},
              flag: { type: 'boolean' },
            },
            required: ['odd key'],
          },
        },
        untyped: { description: 'No schema to speak of', inputSchema: {} },
      },
      { style: 'compact' },
    );
    expect(kinds).toContain(
      '- shapes("odd key": string, either?: number | "auto", fixed?: 3, list?: (string | null)[], deep?: { a?: { b?: object } }, anything?: any, flag?: boolean)',
    );
    expect(kinds).toContain('- untyped(…) — No schema to speak of');
  });

  it('is well under half the full prompt for the demo tools (1,139 against 2,726 characters)', () => {
    const demo = toolSchemas(demoTools);
    const full = toolMarkerPrompt(demo);
    const compact = toolMarkerPrompt(demo, { style: 'compact' });
    expect(full.length).toBe(2726);
    expect(compact.length).toBe(1139);
    for (const name of Object.keys(demo)) expect(compact).toContain(`- ${name}(`);
  });

  it('says so when there are no tools', () => {
    expect(toolMarkerPrompt({}, { style: 'compact' })).toContain('No tools are available');
  });

  it('contains no marker the parser would take for a call', () => {
    expect(parseToolMarkers(prompt).toolCalls).toEqual([]);
  });
});

describe('toToolClients', () => {
  it('describes each tool in the legacy toolClients format', () => {
    const [weather, now] = toToolClients(tools);
    expect(weather?.name).toBe('getWeather');
    expect(weather?.description).toBe('Current weather for a city');
    expect(weather?.parameters.map(({ name, type, isRequired }) => ({ name, type, isRequired }))).toEqual([
      { name: 'city', type: 'string', isRequired: true },
      { name: 'unit', type: 'string', isRequired: false },
      { name: 'days', type: 'integer', isRequired: false },
      { name: 'when', type: 'string', isRequired: true },
      { name: 'tags', type: 'array', isRequired: true },
      { name: 'where', type: 'object', isRequired: true },
    ]);
    expect(weather?.parameters[0]).toEqual({
      name: 'city',
      type: 'string',
      description: 'City name',
      isRequired: true,
      schema: { type: 'string', description: 'City name' },
    });
    expect(now).toEqual({ name: 'now', description: '', parameters: [] });
  });
});
