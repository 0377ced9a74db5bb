export interface SystemPackage {
  name: string;
  why: string;
  present: () => boolean;
  for: ("test" | "bench")[];
  /** For a package installed but not enabled: the link that enables it. */
  enable?: { from: string; to: string };
}
export const PACKAGES: SystemPackage[];
export function missingPackages(purpose?: "test" | "bench"): SystemPackage[];
export function installLine(names: string[]): string;
export function enableLine(pkg: SystemPackage): string;
export function nginxLoads(name: string, dir?: string): boolean;
export interface RunAs {
  root?: boolean;
  sudoThere?: boolean;
  aptThere?: boolean;
  out?: (line: string) => void;
  err?: (line: string) => void;
  install?: (args: string[], sudo: boolean) => boolean;
  link?: (pkg: SystemPackage) => unknown;
}
export function run(args: string[], as?: RunAs): number;
