import { Writable } from 'node:stream';

/** Everything an app logs at `level`, one JSON line per entry, for tests to read. */
export function captureLog(level = 'trace') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, logger: { level, stream } };
}
