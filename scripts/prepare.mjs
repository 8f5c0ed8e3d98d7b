// npm runs `prepare` (and not `prepack`) when it installs toolchat from a git URL
// (`npm install github:owner/toolchat`), in its own clone with the devDependencies installed:
// build there, so the install carries dist/ as the registry's tarball does. In a clone of your
// own, `npm install` and `npm ci` leave it alone (`npm run build` or `npm pack` build), which npm
// tells apart by `INIT_CWD`, the directory it was started in.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const here = process.cwd();
const startedHere = !process.env.INIT_CWD || path.resolve(process.env.INIT_CWD) === here;
if (!startedHere && !existsSync(path.join(here, 'dist', 'index.js'))) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  process.exitCode = build.status ?? 1;
}
