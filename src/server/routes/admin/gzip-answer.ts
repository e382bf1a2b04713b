// The lists' answers gzipped for the clients that take it (every browser does). A first sync
// reads every list whole: 100,000 transfers are 37 MB of JSON, 15 s at 20 Mbit/s, a pharmacy's
// shared line at a change of shift, before any write. JSON of rows of the same fields shrinks
// about eightfold. Kept sync pages (sync-page-cache.ts) are compressed once, for every device
// that asks for them; other answers as they are sent, on libuv's thread pool, off the event loop.
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PACKED_PAGE_TYPE } from '../../../shared/constants';

const gzipAsync = promisify(gzip);

/**
 * zlib's level 4. A page of 5,000 test transfers (2 MB) here: level 1 5.3 ms (13.3x smaller),
 * level 4 8.6 ms (13.4x), level 6 10.7 ms (14.6x); brotli 4 47 ms (14.8x). Rows of real people
 * repeat less than test rows, where the lower levels lose more.
 */
const GZIP_LEVEL = 4;
/** Smaller answers go as they are (a delta of a few changes): the header costs more than it saves. */
const SMALLEST_GZIPPED_BYTES = 1024;

export function gzipText(text: string | Buffer): Promise<Buffer> {
  return gzipAsync(text, { level: GZIP_LEVEL });
}

/**
 * What an Accept or Accept-Encoding header names, each with whether it takes it (no `q=0`), in
 * the header's order.
 */
function named(header: string | undefined): { name: string; taken: boolean }[] {
  return (header ?? '').split(',').map((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    return { name: name.trim(), taken: q === undefined || Number(q) > 0 };
  });
}

/**
 * Whether the request's Accept-Encoding takes gzip: named (or `*`) without `q=0`. A `gzip;q=0`
 * refuses it even when `*` is there.
 */
export function takesGzip(acceptEncoding: string | undefined): boolean {
  const names = named(acceptEncoding);
  return (names.find(({ name }) => name === 'gzip') ?? names.find(({ name }) => name === '*'))?.taken ?? false;
}

/**
 * Sends JSON text, gzipped when the client takes it and it is large enough; `gzipped` is the
 * same text compressed beforehand (a kept page).
 */
export async function sendJson(request: FastifyRequest, reply: FastifyReply, text: string | Buffer, gzipped?: Buffer): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8').header('vary', 'Accept, Accept-Encoding');
  const bytes = typeof text === 'string' ? Buffer.byteLength(text) : text.length;
  if (bytes < SMALLEST_GZIPPED_BYTES || !takesGzip(request.headers['accept-encoding'])) return reply.send(text);
  return reply.header('content-encoding', 'gzip').send(gzipped ?? (await gzipText(text)));
}

/** Whether the request's Accept names the packed sync page (PACKED_PAGE_TYPE), without `q=0`. */
function takesPackedPage(accept: string | undefined): boolean {
  return named(accept).some(({ name, taken }) => name === PACKED_PAGE_TYPE && taken);
}

/**
 * Sends a sync page: to a client that asks for it packed (the app's sync worker, which stores
 * the page as it comes), the kept gzip itself as the body, with no Content-Encoding for the
 * browser to undo; to others as sendJson does. A page too small to be kept goes as JSON.
 */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, page: { body: Buffer; gzipped?: Buffer }): Promise<FastifyReply> {
  if (!page.gzipped || !takesPackedPage(request.headers.accept)) return sendJson(request, reply, page.body, page.gzipped);
  return reply.type(PACKED_PAGE_TYPE).header('vary', 'Accept, Accept-Encoding').send(page.gzipped);
}
