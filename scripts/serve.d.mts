import type { Server } from "node:http";
export function createSiteServer(dir?: string): Server;
