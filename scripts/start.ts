// `npm start`: build the web app when its sources changed since the last build, then run the server
// (which migrates and seeds). A newcomer's `npm ci && npm start` needs nothing else.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/web/index.html');

function newestChange(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const sources = ['web', 'contracts', 'index.html', 'vite.config.ts'].map((name) => path.join(root, name));
const sourceTime = Math.max(
  ...sources.map((source) => (statSync(source).isDirectory() ? newestChange(source) : statSync(source).mtimeMs)),
);
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourceTime) {
  console.log('Building the web app…');
  // `npm run build`: the web app and the server's renderer of its pages (package.json writes the command once).
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../server/server.ts');
