import { LLMock } from '@copilotkit/aimock';

/** What the round-trip fixture answers. */
export const roundTrip = {
  userMessage: 'weather in Paris and the time in Tokyo',
  calls: [
    { id: 'call_weather_1', name: 'getWeather', arguments: { city: 'Paris' } },
    { id: 'call_time_2', name: 'getTime', arguments: { timezone: 'Asia/Tokyo' } },
  ],
  answer: 'It is 18°C and sunny in Paris, and 21:04 in Tokyo.',
} as const;

/**
 * Starts aimock on 127.0.0.1 with a free port and the round-trip fixture: the user's question
 * gets two parallel tool calls; the request that carries their results gets the text answer.
 * With `apiKeys`, aimock answers 401 to requests without one of them. Returns the mock and its OpenAI-compatible base URL (`…/v1`). Stop it with `mock.stop()`.
 */
export async function startAimock(options: { apiKeys?: string[] } = {}): Promise<{ mock: LLMock; baseURL: string }> {
  const mock = new LLMock({ port: 0, host: '127.0.0.1', ...(options.apiKeys && { auth: { apiKeys: options.apiKeys } }) });
  mock.on(
    { userMessage: roundTrip.userMessage, hasToolResult: false },
    { toolCalls: roundTrip.calls.map((c) => ({ id: c.id, name: c.name, arguments: JSON.stringify(c.arguments) })) },
  );
  mock.on({ userMessage: roundTrip.userMessage, hasToolResult: true }, { content: roundTrip.answer });
  await mock.start();
  return { mock, baseURL: `${mock.url}/v1` };
}
