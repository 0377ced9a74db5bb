/** The year of the build, set by Vite's `define`; the pre-rendered footer shows it until hydration. */
declare const __BUILD_YEAR__: number;
