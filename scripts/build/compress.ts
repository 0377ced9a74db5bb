import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { walk } from "./files.ts";

const TEXT = /\.(html|js|css|svg|json|webmanifest|txt|xml|wav)$/;

/**
 * Writes .br and .gz siblings of every text file, so the server (and static hosts that understand
 * precompressed files) send small bytes without compressing per request.
 */
export function precompress(dir: string): number {
  let count = 0;
  for (const file of walk(dir)) {
    if (!TEXT.test(file)) continue;
    const data = readFileSync(file);
    if (data.length < 512) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    count++;
  }
  return count;
}
