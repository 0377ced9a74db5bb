import type { Config } from "@react-router/dev/config";

// Pre-rendered, no server rendering: the same mode as the site.
export default { ssr: false, prerender: ["/"] } satisfies Config;
