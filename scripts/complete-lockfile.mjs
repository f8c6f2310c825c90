// The registry mirror this project is built against serves only the packages of its own platform, so
// `npm install` leaves other platforms' optional native builds out of package-lock.json and `npm ci`
// then refuses the lock as out of sync. This adds each missing optional platform package as a stub
// entry with its os/cpu, which npm ci skips on every other platform. See docs/decisions/002-lockfile.md.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'netbsd',
  'openbsd',
  'openharmony',
  'sunos',
  'win32',
  'aix',
  'wasi',
];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'riscv64', 'ppc64', 's390x', 'loong64', 'wasm32', 'mips64el'];

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
let added = 0;

for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === '' ? '' : `${path}/`;
    if (lock.packages[`${base}node_modules/${name}`] || lock.packages[`node_modules/${name}`]) continue;
    const tokens = name.split('/').pop().split(/[-_.]/);
    const os = OS.filter((o) => tokens.includes(o));
    const cpu = CPU.filter(
      (c) => tokens.includes(c) || (c === 'arm' && tokens.includes('gnueabihf') && !tokens.includes('arm64')),
    );
    if (os.length === 0 && cpu.length === 0) continue;
    lock.packages[`node_modules/${name}`] = {
      version: version.replace(/^[\^~=]/, ''),
      optional: true,
      ...(os.length && !os.includes('wasi') ? { os } : {}),
      ...(cpu.length ? { cpu } : {}),
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
