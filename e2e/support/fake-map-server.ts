// A stand-in for a map tile service (issue 24 point 4), started beside the app by playwright.config.ts
// on another port, so another origin: the end-to-end tests see the CSP let the map's origin in. It serves
// a MapLibre style with one raster source and a grey tile for every address; no network is needed.
import { createServer } from 'node:http';
import { FAKE_MAP_ATTRIBUTION } from './fake-map.ts';

const port = Number(process.env.FAKE_MAP_PORT);
const origin = `http://127.0.0.1:${port}`;

const style = {
  version: 8,
  sources: {
    example: {
      type: 'raster',
      tiles: [`${origin}/tiles/{z}/{x}/{y}.png`],
      tileSize: 256,
      attribution: FAKE_MAP_ATTRIBUTION,
    },
  },
  layers: [
    { id: 'land', type: 'background', paint: { 'background-color': '#e8eee4' } },
    { id: 'tiles', type: 'raster', source: 'example' },
  ],
};

// One grey pixel; MapLibre stretches it over the tile.
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGO4AQAA2gDZEE0EmAAAAABJRU5ErkJggg==',
  'base64',
);

createServer((request, response) => {
  // A style is fetched across origins: it must say who may read it, as a real tile service does.
  response.setHeader('access-control-allow-origin', '*');
  const path = new URL(request.url ?? '/', origin).pathname;
  if (path === '/style.json') {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(style));
  } else if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path)) {
    response.setHeader('content-type', 'image/png');
    response.end(TILE);
  } else {
    response.statusCode = 404;
    response.end();
  }
}).listen(port, '127.0.0.1');
