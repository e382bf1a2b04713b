// A large sync page kept as the server sent it, gzipped (issue 22). IndexedDB's cost is the bytes
// it serialises and stores: 100,000 transfers as 20 records of rows take 400-500 ms to write
// here, the same pages as the server's gzip (12 times fewer bytes) 30-40 ms. The sync worker asks
// for a page so (`Accept: PACKED_PAGE_TYPE`), unpacks it once to read it, and stores the bytes it
// was sent; a list is unpacked again only when it is read back into memory.
import { PACKED_PAGE_TYPE } from '../../shared/constants';

/** Whether an answer's Content-Type is a packed page. */
export function isPackedType(contentType: string | null): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === PACKED_PAGE_TYPE;
}

/** The JSON text of a packed page (gzip, unpacked natively, off the JavaScript heap's parser). */
export function unpackText(bytes: Uint8Array): Promise<string> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}
