/** Places and the basemap without third parties: the gazetteer search and the served maplibre style. */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { FINE_LAND_ZOOM, GEO_PATHS, GEO_SEARCH_LIMIT, MAP_PICTURE, mapPictureWidth, place, TILE_MAX_ZOOM } from '../../src/contract/geo';
import { fineLand } from '../../src/server/geo/fine-land';
import { fold } from '../../src/server/geo/fold';
import { BASEMAP_SOURCE_MAXZOOM } from '../../src/server/geo/basemap';
import { dbTargets, startTestServer, type TestMember, type TestServer } from '../support/server';

describe('fold', () => {
  it('folds accents, case, special letters and punctuation', () => {
    expect(fold('São Paulo')).toBe('sao paulo');
    expect(fold('MÜNCHEN')).toBe('munchen');
    expect(fold('Łódź')).toBe('lodz');
    expect(fold("Val-d'Or")).toBe('val dor');
    expect(fold('Straße')).toBe('strasse');
  });
});

// The gazetteer holds no database state: one target is enough (the first, PGlite).
describe.each(dbTargets().slice(0, 1))('geo on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let member: TestMember;

  beforeAll(async () => {
    s = await startTestServer({ databaseUrl });
    member = await s.signUpMember();
  });
  afterAll(async () => {
    await s?.close();
  });

  const search = (q: string) => s.call('GET', `${GEO_PATHS.search}?q=${encodeURIComponent(q)}`, { token: member.token });

  it("finds Lisbon first for 'lisb', ranked by population, at most 10", async () => {
    const r = await search('lisb');
    expect(r.status).toBe(200);
    const places = place.array().parse(r.body.data);
    expect(places[0]).toMatchObject({ displayName: 'Lisbon, Portugal', placeId: '2267057' });
    expect(places[0]!.lat).toBeCloseTo(38.717, 2);
    expect(places[0]!.lon).toBeCloseTo(-9.133, 2);
    const populations = places.map((p) => p.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    expect((await search('a')).body.data).toHaveLength(GEO_SEARCH_LIMIT);
  });

  it("folds accents: 'sao pa' finds São Paulo; US places carry their state", async () => {
    expect((await search('sao pa')).body.data[0].displayName).toBe('São Paulo, Brazil');
    expect((await search('SÃO PAULO')).body.data[0].displayName).toBe('São Paulo, Brazil');
    expect((await search('new york')).body.data[0].displayName).toBe('New York City, NY, United States');
  });

  it("has no alternate names: 'munch' finds places named Münch…, not Munich (GeoNames' name), which 'munich' finds", async () => {
    const munch = (await search('munch')).body.data as { displayName: string }[];
    expect(munch.length).toBeGreaterThan(0);
    expect(munch.every((p) => fold(p.displayName).startsWith('munch'))).toBe(true);
    expect(munch.some((p) => p.displayName.startsWith('Munich'))).toBe(false);
    expect((await search('munich')).body.data[0].displayName).toBe('Munich, Germany');
  });

  it('never lists two places a member could not tell apart (same name, state and country)', async () => {
    for (const q of ['lisbon', 'springfield', 'san jose', 'a']) {
      const names = ((await search(q)).body.data as { displayName: string }[]).map((p) => p.displayName);
      expect({ q, distinct: new Set(names).size }).toEqual({ q, distinct: names.length });
    }
    // Still ten answers where more than ten distinct places match.
    expect((await search('springfield')).body.data).toHaveLength(GEO_SEARCH_LIMIT);
  });

  it('answers an empty query 400, no match with an empty list, and needs a member', async () => {
    expect((await search('')).status).toBe(400);
    expect((await search('   ')).status).toBe(400);
    expect((await search('qqqxqqq')).body.data).toEqual([]);
    expect((await s.call('GET', `${GEO_PATHS.search}?q=lisb`)).status).toBe(401);
  });

  it('searches fast once the index is built', async () => {
    const { buildStats, gazetteer } = await import('../../src/server/geo/gazetteer');
    const g = await gazetteer();
    // Built off the main thread (the fallback on this thread works too, but stalls requests meanwhile).
    expect(buildStats.where).toBe('worker');
    const started = performance.now();
    for (const q of ['lisb', 'sao pa', 'berl', 'new y', 'tok']) g.search(q);
    expect((performance.now() - started) / 5).toBeLessThan(5);
  });

  /** The raw bytes and headers over node:http: fetch() would undo the gzip. */
  const raw = async (path: string, headers: Record<string, string>) => {
    const { request } = await import('node:http');
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }>((resolve, reject) => {
      request(`${s.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
  };

  type Style = {
    version: number;
    sources: Record<string, { type: string; data?: unknown; tiles?: string[]; minzoom?: number; maxzoom?: number }>;
    layers: { id: string; type: string; source?: string; minzoom?: number; maxzoom?: number }[];
  };
  const getStyle = async () => (await (await fetch(`${s.url}${GEO_PATHS.basemapStyle}`)).json()) as Style;

  it('serves a small basemap style whose sources are URLs of our own: long-cached, gzip, ETag', async () => {
    const plain = await fetch(`${s.url}${GEO_PATHS.basemapStyle}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toMatch(/^public, max-age=2592000/);
    expect(plain.headers.get('content-type')).toContain('application/json');
    const text = await plain.text();
    // No inline GeoJSON any more: every map parses this on the main thread.
    expect(text.length).toBeLessThan(50 * 1024);
    const style = JSON.parse(text) as Style;
    expect(style.version).toBe(8);
    expect(Object.keys(style.sources)).toEqual(expect.arrayContaining(['land', 'rivers', 'lakes', 'boundaries']));
    for (const [name, src] of Object.entries(style.sources)) {
      if (src.type === 'raster') continue;
      expect(src.type).toBe('geojson');
      expect(src.data).toBe(GEO_PATHS.basemapSource(name));
      expect(src.maxzoom).toBe(BASEMAP_SOURCE_MAXZOOM);
    }
    // From FINE_LAND_ZOOM on, the server's tiles (fine land, names) replace every layer but the sea.
    expect(style.sources.fine).toEqual({ type: 'raster', tiles: [GEO_PATHS.basemapTiles], tileSize: 512, minzoom: FINE_LAND_ZOOM, maxzoom: TILE_MAX_ZOOM });
    expect(style.layers.at(-1)).toEqual({ id: 'fine', type: 'raster', source: 'fine', minzoom: FINE_LAND_ZOOM });
    for (const layer of style.layers.slice(0, -1)) expect(layer.type === 'background' || layer.maxzoom === FINE_LAND_ZOOM).toBe(true);
    // No third party, and no origin either (root-relative; the page resolves them).
    expect(text).not.toMatch(/https?:\/\//);

    const etag = plain.headers.get('etag')!;
    expect((await fetch(`${s.url}${GEO_PATHS.basemapStyle}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const gz = await raw(GEO_PATHS.basemapStyle, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.bytes).toString('utf8'))).toEqual(style);
  });

  it('serves each basemap source as GeoJSON: long-cached, gzip, ETag and 304', async () => {
    const style = await getStyle();
    let total = 0;
    for (const [name, source] of Object.entries(style.sources)) {
      if (source.type !== 'geojson') continue;
      const path = GEO_PATHS.basemapSource(name);
      const plain = await fetch(`${s.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.status).toBe(200);
      expect(plain.headers.get('cache-control')).toMatch(/^public, max-age=2592000/);
      expect(plain.headers.get('content-type')).toContain('application/geo+json');
      const text = await plain.text();
      total += text.length;
      const geojson = JSON.parse(text) as { type: string; features?: unknown[] };
      expect(['FeatureCollection', 'Feature']).toContain(geojson.type);
      expect(text).not.toMatch(/https?:\/\//);

      const etag = plain.headers.get('etag')!;
      expect(etag).toMatch(/^".+"$/);
      expect((await fetch(`${s.url}${path}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
      const gz = await raw(path, { 'accept-encoding': 'gzip' });
      expect(gz.status).toBe(200);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.etag).toBe(etag);
      expect(gunzipSync(gz.bytes).toString('utf8')).toBe(text);
    }
    // The data did move here: together the sources carry the megabytes the style used to.
    expect(total).toBeGreaterThan(1024 * 1024);
    const land = await raw(GEO_PATHS.basemapSource('land'), { 'accept-encoding': 'gzip' });
    expect(land.bytes.length).toBeLessThan(700 * 1024);
  });

  it('answers 404 for an unknown basemap source or suffix', async () => {
    expect((await fetch(`${s.url}${GEO_PATHS.basemapSource('atlantis')}`)).status).toBe(404);
    expect((await fetch(`${s.url}/basemap/land.json`)).status).toBe(404);
    expect((await fetch(`${s.url}/basemap/land`)).status).toBe(404);
    expect((await fetch(`${s.url}${GEO_PATHS.basemapSource('..%2Fstyle')}`)).status).toBe(404);
  });

  it('draws a card map as a picture: land, the pin, the largest places around by name; long-cached, gzip, ETag', async () => {
    const lisbon = [{ lat: 38.72225, lon: -9.13933 }];
    expect(GEO_PATHS.mapPicture(lisbon)).toBe('/basemap/picture.svg?lat=38.7223&lon=-9.1393');
    expect(GEO_PATHS.mapPicture(lisbon, 640)).toBe('/basemap/picture.svg?lat=38.7223&lon=-9.1393&w=640');
    const plain = await fetch(`${s.url}${GEO_PATHS.mapPicture(lisbon)}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toContain('image/svg+xml');
    expect(plain.headers.get('cache-control')).toMatch(/^public, max-age=2592000/);
    const svg = await plain.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="800" height="220"/);
    // The fine land (OpenStreetMap's outline: the Tagus' banks), and Lisbon's neighbours named.
    const land = /<path d="([^"]*)" fill="#ece1cb" fill-rule="nonzero"/.exec(svg)?.[1] ?? '';
    expect(land.split('L').length).toBeGreaterThan(100);
    for (const name of ['Lisbon', 'Almada', 'Amadora', 'Oeiras']) expect(svg).toContain(`>${name}</text>`);
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    const etag = plain.headers.get('etag')!;
    expect((await fetch(`${s.url}${GEO_PATHS.mapPicture(lisbon)}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const gz = await raw(GEO_PATHS.mapPicture(lisbon), { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.bytes).toString('utf8')).toBe(svg);

    // A route: both pins, the dashed line between, the cities on the way named.
    const route = await (await fetch(`${s.url}${GEO_PATHS.mapPicture([{ lat: 52.52, lon: 13.405 }, { lat: 48.8566, lon: 2.3522 }])}`)).text();
    expect(route.match(/<path transform="translate/g)).toHaveLength(2);
    expect(route).toContain('stroke-dasharray="8 6"');
    expect(route).toContain('>Brussels</text>');
    // Open sea: no land, no names, still a picture.
    const sea = await (await fetch(`${s.url}${GEO_PATHS.mapPicture([{ lat: 0, lon: -140 }])}`)).text();
    expect(sea).toContain('<path d="" fill="#ece1cb"');
    expect(sea).not.toContain('</text>');
  });

  it('draws a picture at the width a card asks for, its names clear of the cropped sides and of the button', async () => {
    const names = (svg: string) => [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)"( text-anchor="start")?>([^<]*)</g)];
    for (const width of MAP_PICTURE.widths) {
      for (const at of [{ lat: 38.7223, lon: -9.1393 }, { lat: 52.52, lon: 13.405 }, { lat: 59.3293, lon: 18.0686 }]) {
        const svg = await (await fetch(`${s.url}${GEO_PATHS.mapPicture([at], width)}`)).text();
        expect(svg).toMatch(new RegExp(`^<svg [^>]*width="${width}" height="${MAP_PICTURE.height}"`));
        const drawn = names(svg);
        expect(drawn.length).toBeGreaterThan(2);
        for (const [, x, y, start, name] of drawn) {
          const w = name!.length * 7.2;
          const left = start ? Number(x) : Number(x) - w / 2;
          // Inside what every card of this width shows, and not under 'Move the map'.
          expect(left).toBeGreaterThanOrEqual(MAP_PICTURE.slack / 2);
          expect(left + w).toBeLessThanOrEqual(width - MAP_PICTURE.slack / 2);
          const underButton = left + w > width - MAP_PICTURE.slack / 2 - MAP_PICTURE.button.width && Number(y) + 4 > MAP_PICTURE.height - MAP_PICTURE.button.height;
          expect({ name, underButton }).toEqual({ name, underButton: false });
        }
      }
    }
    expect(mapPictureWidth(326)).toBe(400);
    expect(mapPictureWidth(614)).toBe(640);
    expect(mapPictureWidth(1200)).toBe(800);
  });

  it('serves the interactive map\'s deep tiles: PNG of the fine land with names, long-cached, ETag', async () => {
    // Lisbon's tile at zoom 12: the city and the Tagus, half land, half water.
    const path = GEO_PATHS.basemapTiles.replace('{z}', '12').replace('{x}', '1944').replace('{y}', '1569');
    const tile = await fetch(`${s.url}${path}`);
    expect(tile.status).toBe(200);
    expect(tile.headers.get('content-type')).toBe('image/png');
    expect(tile.headers.get('cache-control')).toMatch(/^public, max-age=2592000/);
    const png = Buffer.from(await tile.arrayBuffer());
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([512, 512]);
    let land = 0;
    let sea = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      if (Math.abs(data[i]! - 0xec) < 6 && Math.abs(data[i + 1]! - 0xe1) < 6 && Math.abs(data[i + 2]! - 0xcb) < 6) land++;
      if (Math.abs(data[i]! - 0x78) < 6 && Math.abs(data[i + 1]! - 0xbc) < 6 && Math.abs(data[i + 2]! - 0xed) < 6) sea++;
    }
    const pixels = info.width * info.height;
    expect(land / pixels).toBeGreaterThan(0.2);
    expect(sea / pixels).toBeGreaterThan(0.2);
    // A name is dark text: some pixels are neither land nor sea nor their blend.
    expect(land + sea).toBeLessThan(pixels);
    const etag = tile.headers.get('etag')!;
    expect((await fetch(`${s.url}${path}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('answers a bad tile 400 with the field, never 500', async () => {
    for (const [tile, field] of [
      ['8/1/1.png', 'z'],
      ['17/1/1.png', 'z'],
      ['12/4096/1.png', 'x'],
      ['12/1/4096.png', 'y'],
      ['12/-1/1.png', 'x'],
      ['12/1/1.jpg', 'y'],
      ['12/1.5/1.png', 'x'],
      ['x/1/1.png', 'z'],
    ] as const) {
      const r = await fetch(`${s.url}/basemap/tiles/${tile}`);
      expect({ tile, status: r.status }).toEqual({ tile, status: 400 });
      expect(JSON.stringify(await r.json())).toContain(field);
    }
  });

  it('answers a bad map picture query 400 with the field, never 500', async () => {
    const bad = async (query: string) => {
      const r = await fetch(`${s.url}/basemap/picture.svg${query}`);
      return { status: r.status, body: (await r.json()) as { message?: string; errors?: unknown } };
    };
    for (const [query, field] of [
      ['?lat=200&lon=0', 'lat'],
      ['?lat=0', 'lon'],
      ['?lat=abc&lon=0', 'lat'],
      ['?lat=10&lon=10&lat2=11', 'lat2'],
      ['?lat=10&lon=10&lat2=11&lon2=999', 'lon2'],
      ['?lat=10&lon=10&w=500', 'w'],
      ['?lat=10&lon=10&w=wide', 'w'],
      ['', 'lat'],
    ] as const) {
      const r = await bad(query);
      expect({ query, status: r.status }).toEqual({ query, status: 400 });
      expect(JSON.stringify(r.body)).toContain(field);
    }
  });
});


describe('the fine land outline, cut into 1° cells', () => {
  it('reads only the cells a view meets: coast, inland and open sea', async () => {
    const land = (await fineLand())!;
    expect(land).not.toBeNull();
    // Lisbon's cell: the coast and the Tagus' banks.
    const [lisbon] = await land.cells([-9.2, 38.7, -9.1, 38.8]);
    expect(lisbon!.length).toBeGreaterThan(0);
    expect(lisbon!.reduce((n, ring) => n + ring.points.length, 0)).toBeGreaterThan(150);
    // Inland Germany: the whole cell is land.
    const [inland] = await land.cells([10.2, 50.2, 10.8, 50.8]);
    expect(inland!.some((ring) => ring.box[0] <= 10 && ring.box[1] <= 50 && ring.box[2] >= 11 && ring.box[3] >= 51)).toBe(true);
    // The Pacific: nothing. A view across two cells reads both.
    expect(await land.cells([-140.5, 0.2, -140.4, 0.3])).toEqual([[]]);
    expect(await land.cells([9.9, 50.2, 10.1, 50.3])).toHaveLength(2);
  });
});
