export function buildCommit(cwd: string): string;
export function buildDefines(cwd: string): Record<string, string>;
