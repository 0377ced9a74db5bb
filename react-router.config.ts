import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/toys/registry";

export default {
  // A static site: every page is pre-rendered to HTML, unknown paths get the SPA fallback.
  ssr: false,
  prerender: prerenderPaths(),
} satisfies Config;
