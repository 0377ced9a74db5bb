import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // Vite's preload helper for dynamic imports costs ~0.6 KB in the first load; the lazy chunks
  // (menu panel, toasts) are small and their shared dependencies are already loaded.
  build: { modulePreload: false },
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
});
