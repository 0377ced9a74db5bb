import { defineConfig } from "vitest/config";

export default defineConfig({
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "logic", include: ["app/**/*.test.ts", "scripts/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: { name: "dom", include: ["app/**/*.test.tsx"], environment: "jsdom" },
      },
    ],
  },
});
