// `npm run dev`: the API with restart on change (port 3001) behind Vite's dev server with hot reload
// (http://127.0.0.1:3000), which forwards /api and /auth to it.
import { spawn } from 'node:child_process';

const api = spawn(process.execPath, ['--watch-path=server', '--watch-path=contracts', 'server/server.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: '3001' },
});
const web = spawn('npx', ['vite', '--port', process.env.PORT ?? '3000', '--strictPort'], { stdio: 'inherit' });

for (const child of [api, web]) {
  child.on('exit', (code) => {
    api.kill();
    web.kill();
    process.exit(code ?? 0);
  });
}
