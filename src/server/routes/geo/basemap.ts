/**
 * GET /basemap/style.json and /basemap/<source>.geojson: the maplibre style and its GeoJSON
 * sources (geo/basemap.ts); GET /basemap/picture.svg: a card's map as a picture
 * (geo/map-picture.ts); GET /basemap/tiles/{z}/{x}/{y}.png: the interactive map's deep tiles
 * (geo/map-tile.ts). Public and outside /api (maplibre and <img> fetch them without the
 * bearer token; they hold no member data: a picture is drawn from the query alone). The
 * URLs are not versioned, so they are cached for a month with an ETag rather than forever;
 * the service worker keeps them
 * (stale-while-revalidate, sw/caching.ts) so maps draw offline.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GEO_PATHS, mapPictureQuery, mapTileParams, type MapPictureQuery, type MapTileParams } from '../../../contract/geo';
import { basemap, servedFile, type BasemapFile } from '../../geo/basemap';
import { mapPicture } from '../../geo/map-picture';
import { mapTile } from '../../geo/map-tile';

const MONTH_S = 30 * 24 * 60 * 60;
/** '/basemap/' and '.geojson', read off the contract so the route and the style's URLs agree. */
const [SOURCE_DIR, SOURCE_SUFFIX] = GEO_PATHS.basemapSource('\0').split('\0') as [string, string];
/** '/basemap/picture.svg', its query dropped. */
const PICTURE_PATH = GEO_PATHS.mapPicture([{ lat: 0, lon: 0 }]).split('?')[0]!;
/** '/basemap/tiles/:z/:x/:y' (y carries its '.png', checked by mapTileParams). */
const TILE_PATH = GEO_PATHS.basemapTiles.replace('{z}', ':z').replace('{x}', ':x').replace('{y}.png', ':y');

function serve(request: FastifyRequest, reply: FastifyReply, file: BasemapFile, type: string) {
  reply
    .header('cache-control', `public, max-age=${MONTH_S}, stale-while-revalidate=${MONTH_S}`)
    .header('etag', file.etag)
    .header('vary', 'accept-encoding')
    .type(type);
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  if (file.gzip && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.json);
}

/** The drawings made lately, by their query: a feed asks for the same few places again and again. */
const KEPT = 256;

function keptDrawings(compressed = false): (key: string, draw: () => Promise<Buffer>) => Promise<BasemapFile> {
  const kept = new Map<string, Promise<BasemapFile>>();
  return (key, draw) => {
    let file = kept.get(key);
    if (file) kept.delete(key);
    else file = draw().then((bytes) => servedFile(bytes, compressed));
    // Most recently used last; the oldest goes first.
    kept.set(key, file);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    // A failed drawing is forgotten (unless a newer one took its place), so the next asks again.
    file.catch(() => kept.get(key) === file && kept.delete(key));
    return file;
  };
}

const pictures = keptDrawings();
const pictureOf = (q: MapPictureQuery) => pictures(JSON.stringify([q.lat, q.lon, q.lat2, q.lon2, q.w]), async () => Buffer.from(await mapPicture(q)));
const tiles = keptDrawings(true);
const tileOf = (t: MapTileParams) => tiles(`${t.z}/${t.x}/${t.y}`, () => mapTile(t));

const basemapRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(PICTURE_PATH, { config: { access: 'anyone' }, schema: { hide: true, querystring: mapPictureQuery } }, async (request, reply) =>
    serve(request, reply, await pictureOf(request.query), 'image/svg+xml; charset=utf-8'),
  );

  app.withTypeProvider<ZodTypeProvider>().get(TILE_PATH, { config: { access: 'anyone' }, schema: { hide: true, params: mapTileParams } }, async (request, reply) =>
    serve(request, reply, await tileOf(request.params), 'image/png'),
  );

  app.get(GEO_PATHS.basemapStyle, async (request, reply) => serve(request, reply, (await basemap()).style, 'application/json; charset=utf-8'));

  // The static style route above wins over this parametric one in Fastify's router.
  app.get<{ Params: { file: string } }>(`${SOURCE_DIR}:file`, async (request, reply) => {
    const { file } = request.params;
    const source = file.endsWith(SOURCE_SUFFIX) ? (await basemap()).sources.get(file.slice(0, -SOURCE_SUFFIX.length)) : undefined;
    if (!source) return reply.code(404).send({ code: 404, message: 'No such basemap source.' });
    return serve(request, reply, source, 'application/geo+json; charset=utf-8');
  });
};

export default basemapRoutes;
