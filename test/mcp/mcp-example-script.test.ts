import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { connectMcpTools } from 'toolchat/mcp';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('npm run mcp-example', () => {
  it('starts the example server, prints its URL, serves its tools, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['scripts/mcp-example.mjs', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let output = '';
      child.stdout.setEncoding('utf8');
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          output += chunk;
          const found = /MCP example server: (http:\/\/\S+)/.exec(output);
          if (found?.[1]) resolve(found[1]);
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
      const connection = await connectMcpTools({ url });
      expect(Object.keys(connection.tools)).toContain('add_numbers');
      await connection.close();
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    }
    expect(child.exitCode === 0 || child.signalCode === 'SIGTERM').toBe(true);
  }, 60_000);
});
