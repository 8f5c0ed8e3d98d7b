import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useToolChat, type UseToolChatOptions } from 'toolchat';

describe('useToolChat with a numeric option that makes no sense', () => {
  it.each<[string, UseToolChatOptions]>([
    ['concurrency', { concurrency: Number.NaN }],
    ['timeoutMs', { timeoutMs: Number.NaN }],
    ['timeoutMs', { timeoutMs: 0 }],
    ['maxToolRounds', { maxToolRounds: 0 }],
    ['maxToolRounds', { maxToolRounds: 2.5 }],
    ['maxToolRounds', { maxToolRounds: Number.POSITIVE_INFINITY }],
    ['maxTokens', { maxTokens: -1 }],
    ['maxOutputBytes', { maxOutputBytes: 10 }],
    ['throttle', { throttle: Number.NaN }],
    ['keepAliveMs', { keepAliveMs: -1 }],
  ])('throws a TypeError naming `%s` on the first render', (name, options) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let thrown: unknown;
    try {
      renderHook(() => useToolChat(options));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect(String(thrown)).toContain(`\`${name}\``);
  });

  it('accepts Infinity where it means "no limit"', () => {
    const { result, unmount } = renderHook(() => useToolChat({ concurrency: Number.POSITIVE_INFINITY, timeoutMs: Number.POSITIVE_INFINITY }));
    expect(result.current.activity.state).toBe('idle');
    unmount();
  });
});
