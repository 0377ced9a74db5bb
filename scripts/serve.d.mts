import type { Server } from "node:http";
export function omitHeaders(
  headers: Readonly<Record<string, string>>,
  names: readonly string[],
): Record<string, string>;
export function createSiteServer(dir?: string, options?: { withoutHeaders?: readonly string[] }): Server;
