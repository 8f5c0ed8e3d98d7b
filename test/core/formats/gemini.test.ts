import { toGeminiContents, type GeminiContents } from 'toolchat/core';
import type { UIMessage } from 'ai';
import { conversation } from './conversation';

describe('toGeminiContents', () => {
  it('gives model turns with functionCall parts and user turns with functionResponse parts', () => {
    expect(toGeminiContents(conversation)).toEqual<GeminiContents>({
      systemInstruction: { parts: [{ text: 'You are helpful.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Paris and time in Tokyo?' }] },
        {
          role: 'model',
          parts: [
            { text: 'Checking both.' },
            { functionCall: { name: 'getWeather', args: { city: 'Paris' } } },
            { functionCall: { name: 'getTime', args: { timezone: 'Asia/Tokyo' } } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'getWeather', response: { output: { temp: 18 } } } },
            { functionResponse: { name: 'getTime', response: { error: 'timeout' } } },
          ],
        },
        { role: 'model', parts: [{ functionCall: { name: 'getWeather', args: { city: 'Tokyo' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'getWeather', response: { error: 'The user denied this tool call: not now' } } }] },
        { role: 'model', parts: [{ text: 'Done.' }] },
        { role: 'user', parts: [{ text: 'Thanks' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }] },
      ],
    });
  });

  it('sends a thoughtSignature received with a call back with it', () => {
    const messages: UIMessage[] = [
      {
        id: 'a',
        role: 'assistant',
        parts: [
          {
            type: 'dynamic-tool',
            toolName: 'get_country',
            toolCallId: 'id-0',
            state: 'output-available',
            input: {},
            output: 'France',
            callProviderMetadata: { google: { thoughtSignature: 'sig==' } },
          },
        ],
      },
    ];
    expect(toGeminiContents(messages).contents).toEqual([
      { role: 'model', parts: [{ functionCall: { name: 'get_country', args: {} }, thoughtSignature: 'sig==' }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_country', response: { output: 'France' } } }] },
    ]);
  });

  it('gives a file URL as fileData and has no systemInstruction without a system message', () => {
    const messages: UIMessage[] = [{ id: 'u', role: 'user', parts: [{ type: 'file', mediaType: 'video/mp4', url: 'gs://bucket/v.mp4' }] }];
    expect(toGeminiContents(messages)).toEqual({ contents: [{ role: 'user', parts: [{ fileData: { mimeType: 'video/mp4', fileUri: 'gs://bucket/v.mp4' } }] }] });
  });
});
