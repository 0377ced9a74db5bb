export interface SystemPackage {
  name: string;
  why: string;
  present: () => boolean;
  for: ("test" | "bench")[];
}
export const PACKAGES: SystemPackage[];
export function missingPackages(purpose?: "test" | "bench"): SystemPackage[];
export function installLine(names: string[]): string;
