import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axe } from 'vitest-axe';
import { ChatWrapper } from 'toolchat';
import { McpContentView, mcpToolRenderers, renderMcpToolCall, type McpContent } from 'toolchat/mcp';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYGAAAAAEAAH2FzhVAAAAAElFTkSuQmCC';

describe('McpContentView', () => {
  it('shows text, raster images and audio inline, and resource links as links', async () => {
    const content: McpContent[] = [
      { type: 'text', text: 'A red square.' },
      { type: 'image', mimeType: 'image/png', data: PNG },
      { type: 'audio', mimeType: 'audio/wav', data: 'UklGRg==' },
      { type: 'resource_link', uri: 'https://example.com/report', name: 'report', title: 'The report' },
      { type: 'resource', resource: { uri: 'file:///notes.txt', text: 'Milk, eggs' } },
    ];
    const { container } = render(<McpContentView content={content} />);
    expect(screen.getByText('A red square.')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`);
    expect(container.querySelector('audio')?.getAttribute('src')).toBe('data:audio/wav;base64,UklGRg==');
    expect(screen.getByRole('link', { name: 'The report' }).getAttribute('href')).toBe('https://example.com/report');
    expect(screen.getByText('Milk, eggs')).toBeTruthy();
    expect((await axe(container)).violations).toEqual([]);
  });

  it('shows no SVG (it can carry script), no data that is not base64, and no javascript: link', () => {
    const content: McpContent[] = [
      { type: 'image', mimeType: 'image/svg+xml', data: PNG },
      { type: 'image', mimeType: 'image/png', data: '"><script>alert(1)</script>' },
      { type: 'resource_link', uri: 'javascript:alert(1)', name: 'trap' },
    ];
    const { container } = render(<McpContentView content={content} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('trap')).toBeTruthy();
  });

  it('renders nothing for a call whose output is not MCP content, and gives a renderer per tool', () => {
    expect(renderMcpToolCall({ toolCallId: 'a', toolName: 'x', phase: 'done', input: {}, output: { plain: true } })).toBeNull();
    expect(Object.keys(mcpToolRenderers({ a_one: { inputSchema: {} as never }, a_two: { inputSchema: {} as never } }))).toEqual(['a_one', 'a_two']);
    // The renderers fit ChatWrapper's renderTool.
    render(<ChatWrapper transport={{ sendMessages: async () => new ReadableStream(), reconnectToStream: async () => null }} renderTool={mcpToolRenderers({})} />);
  });
});
