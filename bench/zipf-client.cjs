// autocannon's setupClient for the Zipf mix of bench/search.ts. autocannon loads it by path inside its
// worker thread (functions cannot be passed to a worker), so it is plain CommonJS. Each connection gets
// its own sequence of paths, read from the JSON file named by CK_BENCH_SEQUENCES: an array with one
// array of paths per connection. Connections are numbered in the order autocannon creates them, and
// start at index CK_BENCH_START of their sequence (the warm-up starts elsewhere than the measured run).
'use strict';

const { readFileSync } = process.getBuiltinModule('node:fs');

let sequences;
let next = 0;

module.exports = function setupClient(client) {
  sequences ??= JSON.parse(readFileSync(process.env.CK_BENCH_SEQUENCES, 'utf8'));
  const paths = sequences[next++ % sequences.length];
  const start = Number(process.env.CK_BENCH_START || 0) % paths.length;
  client.setRequests([...paths.slice(start), ...paths.slice(0, start)].map((path) => ({ method: 'GET', path })));
};
