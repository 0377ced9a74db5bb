export const FIREFOX: string;
export function findMiniBrowser(): string | null;
