import type { IncomingMessage, Server, ServerResponse } from "node:http";
export function createSiteServer(
  dir?: string,
  options?: { api?: (req: IncomingMessage, res: ServerResponse) => void },
): Server;
