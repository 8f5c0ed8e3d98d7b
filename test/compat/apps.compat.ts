import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../e2e/browser';
import { createApp } from './support/app';
import { run, start } from './support/process';
import { weatherRound } from './support/tool-round';

/** What an app tests its chat with (toolchat/testing's optional peers): Vitest, jsdom, Testing Library. */
function testing(vitest: string, jsdom: string): Record<string, string> {
  return { vitest, jsdom, '@testing-library/react': '16.3.3', '@testing-library/dom': '10.4.2' };
}

/**
 * The low and the high end of every peer range package.json declares, installed the way its
 * README says, with a TypeScript each end would have. Bump `high` when a newer release is out.
 */
const apps = [
  {
    name: 'React 18.2, ai 7.0.0, @ai-sdk/react 4.0.0, zod 4.1.8, TypeScript 5.9',
    dependencies: { react: '18.2.0', 'react-dom': '18.2.0' },
    devDependencies: { '@types/react': '18.2.79', '@types/react-dom': '18.2.25', typescript: '5.9.3', vite: '8.3.8', ...testing('4.1.12', '29.1.1') },
    install: ['ai@7.0.0', '@ai-sdk/react@4.0.0', 'zod@4.1.8'],
    // ai 7.0.0 pins older @ai-sdk/provider* releases than the lowest this package was tested with.
    sharesProviderPackages: false,
  },
  {
    // The oldest React 19 that @ai-sdk/react accepts (19.0.0 and 19.1.0–19.1.1 it refuses).
    name: 'React 19.0.1, ai 7.0.173, @ai-sdk/react 4.0.177, zod 4.6.7, TypeScript 5.9',
    dependencies: { react: '19.0.1', 'react-dom': '19.0.1' },
    devDependencies: { '@types/react': '19.0.9', '@types/react-dom': '19.0.6', typescript: '5.9.3', vite: '8.3.8', ...testing('4.1.12', '29.1.1') },
    install: ['ai@7.0.173', '@ai-sdk/react@4.0.177', 'zod@4.6.7'],
    sharesProviderPackages: true,
  },
  {
    name: 'React 19.3, ai 7.0.173, @ai-sdk/react 4.0.177, zod 4.6.7, TypeScript 7.0',
    dependencies: { react: '19.3.1', 'react-dom': '19.3.1' },
    devDependencies: { '@types/react': '19.3.0', '@types/react-dom': '19.3.0', typescript: '7.0.2', vite: '8.3.8', ...testing('5.1.2', '31.0.1') },
    install: ['ai@7.0.173', '@ai-sdk/react@4.0.177', 'zod@4.6.7'],
    sharesProviderPackages: true,
  },
];

interface NpmTree {
  version?: string;
  dependencies?: Record<string, NpmTree>;
}

/** The versions of each package found anywhere in an `npm ls --json` tree. */
function installedVersions(tree: NpmTree, found = new Map<string, Set<string>>()): Map<string, Set<string>> {
  for (const [name, node] of Object.entries(tree.dependencies ?? {})) {
    if (node.version && name.startsWith('@ai-sdk/provider')) found.set(name, (found.get(name) ?? new Set()).add(node.version));
    installedVersions(node, found);
  }
  return found;
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe.each(apps)('a fresh Vite app with $name', (app) => {
  const dir = path.join(inject('workDir'), app.name.replace(/\W+/g, '-'));

  it('installs the package with plain npm install (no --force, no --legacy-peer-deps)', async () => {
    createApp(dir, { name: 'fresh-app', private: true, type: 'module', dependencies: app.dependencies, devDependencies: app.devDependencies });
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, timeoutMs: 240_000 });
    // README's command: npm install toolchat ai @ai-sdk/react zod
    const output = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', inject('tarball'), ...app.install], {
      cwd: dir,
      timeoutMs: 240_000,
    });
    expect(output).not.toMatch(/ERESOLVE|EBADENGINE|peer dep/i);
  });

  it.runIf(app.sharesProviderPackages)('shares one copy of @ai-sdk/provider and @ai-sdk/provider-utils with the app\'s ai', async () => {
    const tree = JSON.parse(
      await run('npm', ['ls', '@ai-sdk/provider', '@ai-sdk/provider-utils', '--all', '--json'], { cwd: dir, timeoutMs: 60_000 }),
    ) as NpmTree;
    const versions = Object.fromEntries([...installedVersions(tree)].map(([name, found]) => [name, [...found]]));
    expect(versions).toEqual({ '@ai-sdk/provider': [expect.any(String)], '@ai-sdk/provider-utils': [expect.any(String)] });
  });

  it('typechecks strict under moduleResolution bundler', async () => {
    await run('npx', ['tsc', '-p', 'tsconfig.json'], { cwd: dir, timeoutMs: 120_000 });
  });

  it.each(['node16', 'nodenext'])('typechecks strict under moduleResolution %s', async (resolution) => {
    await run('npx', ['tsc', '-p', `tsconfig.${resolution}.json`], { cwd: dir, timeoutMs: 120_000 });
  });

  it("tests its chat with toolchat/testing (a tool round, an approval, a failure; real and fake timers) under Vitest and Testing Library", async () => {
    await run('npx', ['tsc', '-p', 'test/tsconfig.json'], { cwd: dir, timeoutMs: 120_000 });
    const output = await run('npx', ['vitest', 'run'], { cwd: dir, timeoutMs: 180_000 });
    expect(output).toMatch(/Tests\s+7 passed \(7\)/);
  });

  it('builds, and its built page completes a browser tool round in Chromium', async () => {
    await run('npx', ['vite', 'build'], { cwd: dir, timeoutMs: 120_000 });
    const preview = await start('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', '{port}', '--strictPort'], { cwd: dir, timeoutMs: 30_000 });
    try {
      await weatherRound(browser, preview.url, /It's 17°C and foggy in Paris\./);
    } finally {
      await preview.stop();
    }
  });
});
