import { defineTool, demoTools, type ToolSet } from 'toolchat';
import { untilOpen, type Gate } from './gate';

/** The demo tools, with `names` waiting for `gate` before they run: "running" holds still. */
export function gatedDemoTools(gate: Gate, names: ReadonlyArray<'getWeather' | 'getTime' | 'calculate'>): ToolSet {
  const tools: ToolSet = { ...demoTools };
  for (const name of names) {
    const tool = demoTools[name];
    tools[name] = defineTool({
      ...(tool.description === undefined ? {} : { description: tool.description }),
      inputSchema: tool.inputSchema,
      execute: async (input, options) => {
        await untilOpen(gate, options.signal);
        // The demo tools' `execute` returns a plain value.
        return (tool.execute as (input: unknown, options: unknown) => unknown)(input, options);
      },
    });
  }
  return tools;
}
