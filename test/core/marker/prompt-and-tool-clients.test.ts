import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseToolMarkers, toolMarkerPrompt, toToolClients, type ToolSchemas } from 'toolchat/core';

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
