import { dynamicTool, jsonSchema, stepCountIs, streamText, type ToolSet as AIToolSet } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoModel, demoTools, executeToolCall, toolSchemas, type ToolSet } from 'toolchat';
import { connectMcpTools, type McpConnection } from 'toolchat/mcp';
import { startExampleMcpServer, type ExampleMcpServer } from '../../demo/mcp-server';

/**
 * The browser's tools as the model meets them, with `execute` run by streamText through the
 * same executor the chat uses, so every round of a conversation runs here.
 */
function asServerTools(tools: ToolSet): AIToolSet {
  const schemas = toolSchemas(tools);
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [
      name,
      dynamicTool({
        description: schema.description ?? name,
        inputSchema: jsonSchema(schema.inputSchema),
        execute: async (input, { toolCallId }) => {
          const result = await executeToolCall({ toolCallId, toolName: name, input }, tools);
          if (!result.ok) throw new Error(result.error);
          return result.output;
        },
      }),
    ]),
  );
}

describe('the demo model with the tools of a connected MCP server', () => {
  let server: ExampleMcpServer;
  let connection: McpConnection;
  const ask = async (prompt: string) => {
    const tools = { ...demoTools, ...connection.tools };
    const result = streamText({ model: createDemoModel(), prompt, tools: asServerTools(tools), stopWhen: stepCountIs(3) });
    const steps = await result.steps;
    // The last step's text: the answer after the tool's result.
    return { text: await result.text, calls: steps.flatMap((step) => step.toolCalls.map(({ toolName, input }) => ({ toolName, input }))) };
  };

  beforeAll(async () => {
    server = await startExampleMcpServer({ port: 0 });
    // No approval here: streamText runs the calls itself.
    connection = await connectMcpTools({ url: server.url, name: 'example', needsApproval: false });
  });
  afterAll(async () => {
    await connection.close();
    await server.close();
  });

  it('calls the tool the user names, with the numbers of the request, and answers from its text', async () => {
    expect(await ask('Use add numbers with 2 and 3')).toEqual({
      calls: [{ toolName: 'example_add_numbers', input: { a: 2, b: 3 } }],
      text: 'example_add_numbers says: 2 + 3 = 5',
    });
  });

  it('reads key=value pairs and enum values, and says when the answer holds an image', async () => {
    expect(await ask('add_numbers b=10 a=1')).toMatchObject({ calls: [{ toolName: 'example_add_numbers', input: { a: 1, b: 10 } }] });
    expect(await ask('Please draw square in green')).toEqual({
      calls: [{ toolName: 'example_draw_square', input: { color: 'green' } }],
      text: 'example_draw_square says: A green square. (and an image)',
    });
  });

  it('takes a JSON object in the request as the input, and quoted text for strings', async () => {
    expect((await ask('example_add_note {"title":"Todo","body":"Call Bob"}')).calls).toEqual([
      { toolName: 'example_add_note', input: { title: 'Todo', body: 'Call Bob' } },
    ]);
    expect((await ask('add note "Plans" "Go to Paris"')).calls).toEqual([
      { toolName: 'example_add_note', input: { title: 'Plans', body: 'Go to Paris' } },
    ]);
  });

  it("reads out the tool's error, and the validation error of input it could not find", async () => {
    expect((await ask('check service')).text).toBe(
      'Sorry, example_check_service failed: The upstream service is down (HTTP 503). Try again later.',
    );
    const missing = await ask('count slowly');
    expect(missing.calls).toEqual([{ toolName: 'example_count_slowly', input: {} }]);
    expect(missing.text).toBe(
      'Sorry, example_count_slowly failed: Invalid input for tool "example_count_slowly": ✖ Instance does not have required property "seconds".',
    );
  });

  it('keeps its own requests for its own tools, and lists the connected tools in its help', async () => {
    expect((await ask("What's the weather in Paris?")).calls).toEqual([{ toolName: 'getWeather', input: { city: 'Paris' } }]);
    const help = await ask('hello');
    expect(help.calls).toEqual([]);
    expect(help.text).toMatch(/I can also call the tools you connected \(example_add_numbers, .*\): name one, e\.g\. "use add numbers"\./);
  });
});
