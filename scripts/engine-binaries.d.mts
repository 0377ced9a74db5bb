export const FIREFOX: string;
export const MINIBROWSER: string | null;
