export function findChromium(): string | undefined;
export const CHROMIUM_ARGS: string[];
export const HEADLESS_SHELL: string;
export function findTestChromium(): string | undefined;
